/**
 * The staff password rule: what it refuses, why it says it refuses, and that a page importing
 * it does not carry the dictionaries in its own bundle.
 */
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadStaffPasswordRule, type StaffPasswordRule, staffPasswordMinLength } from './password-policy.ts';

let rule: StaffPasswordRule;
beforeAll(async () => {
  rule = await loadStaffPasswordRule();
});

const email = 'host@saffron-lotus.test';

describe('the staff password rule', () => {
  it('refuses passwords shorter than 12 characters, counting characters rather than bytes', () => {
    expect(staffPasswordMinLength).toBe(12);
    for (const password of ['password', 'aaaaaaaa', 'Tr0ub4dor&3', '']) {
      expect(rule(password, { email })).toMatchObject({ ok: false, reason: 'too_short' });
    }
    expect(rule('password', { email })).toEqual({
      ok: false,
      reason: 'too_short',
      message: 'The password is too short: use at least 12 characters (a few unrelated words make a good one).',
    });
    // Twelve characters, some of them two or three bytes long: long enough.
    expect(rule('phở bò tái chín', { email }).ok).toBe(true);
  });

  it('refuses passwords over 72 bytes, which bcrypt would cut', () => {
    expect(rule('đ'.repeat(37), { email })).toMatchObject({ ok: false, reason: 'too_long' });
  });

  it('refuses common passwords, saying so and what to do instead', () => {
    for (const password of ['password1234', 'Password123!', '123456789012', 'qwertyuiop123', 'iloveyou2024']) {
      const verdict = rule(password, { email });
      expect(verdict, password).toMatchObject({ ok: false, reason: 'too_common' });
      expect(verdict.ok || verdict.message.startsWith('The password is too common.')).toBe(true);
    }
    expect(rule('password1234', { email })).toMatchObject({
      message: expect.stringContaining('Add more words that are less common.'),
    });
  });

  it('refuses patterns, dates and the site’s or the account’s own name as too easy to guess', () => {
    const cases = {
      aaaaaaaaaaaa: 'Repeated characters',
      '01/02/2024abcd': 'Dates are easy to guess',
      saffronlotus2024: 'personal or page related data',
      'SaffronLotus!1': 'personal or page related data',
      'host@saffron-lotus.test': 'personal or page related data',
    };
    for (const [password, explanation] of Object.entries(cases)) {
      const verdict = rule(password, { email });
      expect(verdict, password).toMatchObject({ ok: false, reason: 'too_guessable' });
      expect(verdict.ok || verdict.message, password).toContain('The password is too easy to guess.');
      expect(verdict.ok || verdict.message, password).toContain(explanation);
    }
  });

  it('never repeats the password in its message', () => {
    for (const password of ['hunter2', 'password1234', 'zzzzzzzzzzzzzzzz', 'saffronlotus2024', 'x'.repeat(80)]) {
      const verdict = rule(password, { email });
      expect(verdict.ok).toBe(false);
      if (!verdict.ok) expect(verdict.message).not.toContain(password);
    }
  });

  it('accepts long passphrases of unrelated words', () => {
    for (const password of [
      'a long passphrase',
      'correct horse battery',
      'mango chutney at dawn',
      'quiet tandoor 7 lanterns',
    ]) {
      expect(rule(password, { email }), password).toEqual({ ok: true });
    }
  });
});

describe('the rule in a browser bundle', () => {
  it('keeps the dictionaries out of the chunk of a page that imports it', async () => {
    // A page as a future account screen would be: the length hint at once, the full check on submit.
    const page = `
      import { loadStaffPasswordRule, passwordLengthProblem } from ${JSON.stringify(join(import.meta.dirname, 'password-policy.ts'))};
      globalThis.hint = (p) => passwordLengthProblem(p);
      globalThis.check = async (p) => (await loadStaffPasswordRule())(p);
    `;
    const result = await build({
      configFile: false,
      logLevel: 'silent',
      root: join(import.meta.dirname, '..', '..'),
      plugins: [
        {
          name: 'account-page',
          resolveId: (id) => (id === 'account-page' ? '\0account-page' : undefined),
          load: (id) => (id === '\0account-page' ? page : undefined),
        },
      ],
      build: { write: false, minify: false, rolldownOptions: { input: 'account-page' } },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const chunks = outputs.flatMap((output) => output.output).filter((item) => item.type === 'chunk');
    const entry = chunks.find((chunk) => chunk.isEntry);
    expect(entry).toBeDefined();
    // Small, and without the password list ("iloveyou" is in it) or the English word lists.
    expect(entry?.code.length).toBeLessThan(20_000);
    expect(entry?.code).not.toContain('iloveyou');
    const lazy = chunks.filter((chunk) => !chunk.isEntry);
    expect(lazy.some((chunk) => chunk.code.includes('iloveyou'))).toBe(true);
    expect(lazy.reduce((size, chunk) => size + chunk.code.length, 0)).toBeGreaterThan(1_000_000);
  }, 60_000);
});
