/**
 * The rule for staff passwords, one module for every place that sets one: the admin CLI,
 * ADMIN_PASSWORD at start, and any future account screen in the browser. At least 12 characters,
 * at most 72 bytes (bcrypt reads no further), and not guessable as zxcvbn-ts estimates it: a
 * common password, a keyboard walk, a repeated pattern, a date or the restaurant's or the
 * account's own name is refused. Public sign-up (off by default, never staff) keeps GoTrue's
 * rules instead.
 *
 * The dictionaries are large (about 1.5 MB), so they are imported only when the rule is loaded:
 * a page that imports this module gets them as separate chunks, fetched when it first checks a
 * password, never in its own bundle.
 */
import { restaurantProfile } from './restaurant-profile.ts';

export const staffPasswordMinLength = 12;
export const passwordMaxBytes = 72;
/** zxcvbn's 0–4 scale: 3 means about 10^8 guesses or more, beyond any online guessing. */
export const staffPasswordMinScore = 3;

export type PasswordRefusal = 'too_short' | 'too_long' | 'too_common' | 'too_guessable';

export type PasswordVerdict = { ok: true } | { ok: false; reason: PasswordRefusal; message: string };

/** Checks a password; `email` is the account's, so a password made from it is refused. */
export type StaffPasswordRule = (password: string, context?: { email?: string }) => PasswordVerdict;

/** Words an attacker tries first against this site. */
const siteWords = [
  restaurantProfile.name,
  ...restaurantProfile.name.split(/\s+/),
  restaurantProfile.name.replace(/\s+/g, ''),
  new URL(restaurantProfile.website).hostname,
  'restaurant',
  'staff',
  'admin',
  'dashboard',
];

/** The length rules alone: they need no dictionary. */
export function passwordLengthProblem(password: string): PasswordVerdict | undefined {
  if ([...password].length < staffPasswordMinLength) {
    return {
      ok: false,
      reason: 'too_short',
      message: `The password is too short: use at least ${staffPasswordMinLength} characters (a few unrelated words make a good one).`,
    };
  }
  if (new TextEncoder().encode(password).length > passwordMaxBytes) {
    return {
      ok: false,
      reason: 'too_long',
      message: `The password is too long: use at most ${passwordMaxBytes} bytes (about ${passwordMaxBytes} letters without accents).`,
    };
  }
  return undefined;
}

let loading: Promise<StaffPasswordRule> | undefined;

/** Loads the dictionaries once and returns the rule (synchronous from then on). */
export function loadStaffPasswordRule(): Promise<StaffPasswordRule> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
    const { warnings } = english.translations;
    const commonWarnings = new Set([warnings.topTen, warnings.topHundred, warnings.common, warnings.similarToCommon]);

    return (password, context = {}) => {
      const lengthProblem = passwordLengthProblem(password);
      if (lengthProblem) return lengthProblem;
      const email = context.email?.trim().toLowerCase();
      const accountWords = email ? [email, ...email.split(/[@.+_-]+/).filter((part) => part.length >= 3)] : [];
      const result = zxcvbn.check(password, [...siteWords, ...accountWords]);
      if (result.score >= staffPasswordMinScore) return { ok: true };
      // The library's own explanation and advice; they describe the kind of weakness, never the password.
      const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
      const tooCommon = result.feedback.warning !== null && commonWarnings.has(result.feedback.warning);
      return tooCommon
        ? { ok: false, reason: 'too_common', message: `The password is too common. ${advice}`.trim() }
        : { ok: false, reason: 'too_guessable', message: `The password is too easy to guess. ${advice}`.trim() };
    };
  })();
  return loading;
}
