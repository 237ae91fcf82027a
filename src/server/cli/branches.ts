/**
 * `npm run admin -- branches …`: each branch's booking rules from the command line, for operators
 * and tests. The same rules as the settings screen (branchSettingsSchema), saved the same way
 * (public.save_branch_settings, all or nothing).
 *   branches list
 *   branches add --branch NAME [--time-zone TZ]      a new branch (public.branches), without settings
 *   branches set --branch NAME [--capacity N|none] [--max-party N|none] [--window DAYS|none]
 *                [--time-zone TZ] [--closed YYYY-MM-DD]… [--reopen YYYY-MM-DD]…
 *                [--turn SIZE=MINUTES]… [--reset MINUTES]
 *   (--turn replaces every turn time: `--turn 1=90 --turn 3=105 --turn 5=120 --turn 7=150`.)
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  type BranchSettings,
  branchSettingsSchema,
  defaultResetMinutes,
  defaultTurnTimes,
  type TurnTime,
  turnTimesOf,
  weekdays,
} from '../../domain/availability.ts';
import type { Database } from '../db/database.ts';
import { requireKnownBranches, UnknownBranchError } from '../known-branches.ts';

export const branchesUsage = `  npm run admin -- branches list
  npm run admin -- branches add --branch NAME [--time-zone TZ]
  npm run admin -- branches set --branch NAME [--capacity N|none] [--max-party N|none]
                                [--window DAYS|none] [--time-zone TZ]
                                [--closed YYYY-MM-DD]... [--reopen YYYY-MM-DD]...
                                [--turn SIZE=MINUTES]... [--reset MINUTES]`;

/** A mistake in what was typed: the usage is shown with it. */
export class BranchesUsageError extends Error {}
/** The settings were refused (by the rule or by the database). */
export class BranchesError extends Error {}

const settingsRow = z.object({
  branch: z.string(),
  time_zone: z.string(),
  covers_per_slot: z.number().nullable(),
  max_party: z.number().nullable(),
  booking_window_days: z.number().nullable(),
  hours: z.array(z.object({ weekday: z.number(), opens: z.string(), closes: z.string() })),
  closed_dates: z.array(z.object({ date: z.string(), reason: z.string().nullable() })),
  turn_minutes: z.record(z.string(), z.number()),
  reset_minutes: z.number(),
});
type SettingsRow = z.infer<typeof settingsRow>;

const readSql = `
  select s.branch, s.time_zone, s.covers_per_slot, s.max_party, s.booking_window_days, s.turn_minutes, s.reset_minutes,
         coalesce((select json_agg(json_build_object('weekday', h.weekday, 'opens', to_char(h.opens, 'HH24:MI'),
                                                     'closes', to_char(h.closes, 'HH24:MI')) order by h.weekday, h.opens)
                     from public.branch_opening_hours h where h.branch = s.branch), '[]') as hours,
         coalesce((select json_agg(json_build_object('date', c.date, 'reason', c.reason) order by c.date)
                     from public.branch_closed_dates c where c.branch = s.branch), '[]') as closed_dates
    from public.branch_settings s`;

async function readSettings(db: Database, branch?: string): Promise<SettingsRow[]> {
  const { rows } = await db.query(
    branch ? `${readSql} where s.branch = $1` : `${readSql} order by s.branch`,
    branch ? [branch] : [],
  );
  return z.array(settingsRow).parse(rows);
}

const dayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "Mon–Sun 10:30–23:00" when every day is alike, else day by day. */
function describeHours(hours: SettingsRow['hours']): string {
  const byDay = weekdays.map((day) =>
    hours
      .filter((range) => range.weekday === day)
      .map((range) => `${range.opens}–${range.closes}`)
      .join(', '),
  );
  if (byDay.every((text) => text === byDay[0])) return `Mon–Sun ${byDay[0] || 'closed'}`;
  return byDay.map((text, i) => `${dayNames[i]} ${text || 'closed'}`).join('; ');
}

function describe(row: SettingsRow): string {
  const limit = (value: number | null, unit: string) => (value === null ? 'no limit' : `${value} ${unit}`);
  const closed = row.closed_dates.map((c) => (c.reason ? `${c.date} (${c.reason})` : c.date));
  return [
    row.branch,
    `  covers per slot: ${limit(row.covers_per_slot, 'guests')}`,
    `  largest party:   ${limit(row.max_party, 'guests')}`,
    `  booking window:  ${limit(row.booking_window_days, 'days ahead')}`,
    `  hours:           ${describeHours(row.hours)} (${row.time_zone})`,
    `  closed:          ${closed.length > 0 ? closed.join(', ') : 'no dates'}`,
    `  turn times:      ${describeTurns(turnTimesOf(row.turn_minutes))}, then ${row.reset_minutes} min to reset`,
  ].join('\n');
}

/** "1–2: 90 min, 3–4: 105 min, 5–6: 120 min, 7+: 150 min". */
function describeTurns(turns: TurnTime[]): string {
  return turns
    .map((turn, i) => {
      const next = turns[i + 1];
      const sizes =
        next === undefined
          ? `${turn.from}+`
          : next.from - 1 === turn.from
            ? `${turn.from}`
            : `${turn.from}–${next.from - 1}`;
      return `${sizes}: ${turn.minutes} min`;
    })
    .join(', ');
}

/** --turn SIZE=MINUTES rows in party size order (the schema then checks them), or undefined to keep them. */
function turnOptions(values: string[] | undefined): TurnTime[] | undefined {
  if (values === undefined) return undefined;
  return values
    .map((value) => {
      const match = /^(\d{1,9})=(\d{1,9})$/.exec(value);
      if (!match) throw new BranchesUsageError(`--turn takes SIZE=MINUTES (e.g. 3=105), not "${value}".`);
      return { from: Number(match[1]), minutes: Number(match[2]) };
    })
    .sort((a, b) => a.from - b.from);
}

/** "none" clears a limit; anything else must be a whole number. */
function limitOption(name: string, value: string | undefined, current: number | null): number | null {
  if (value === undefined) return current;
  if (value === 'none') return null;
  if (!/^\d+$/.test(value)) throw new BranchesUsageError(`--${name} takes a whole number or "none", not "${value}".`);
  return Number(value);
}

function wholeOption(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new BranchesUsageError(`--${name} takes a whole number, not "${value}".`);
  return Number(value);
}

/** A branch bookings may name from now on; the database checks the spelling and the zone. */
async function addBranch(db: Database, name: string, timeZone: string | undefined): Promise<string> {
  try {
    const { rows } = await db.query<{ name: string; time_zone: string }>(
      `insert into public.branches (name, time_zone) values ($1, coalesce($2, 'Asia/Ho_Chi_Minh'))
       returning name, time_zone`,
      [name, timeZone ?? null],
    );
    const added = rows[0];
    return added
      ? `Added ${added.name} (${added.time_zone}). It takes bookings without limits until its settings are set.`
      : '';
  } catch (error) {
    throw new BranchesError(`Not added: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function runBranches(db: Database, argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      branch: { type: 'string' },
      capacity: { type: 'string' },
      'max-party': { type: 'string' },
      window: { type: 'string' },
      'time-zone': { type: 'string' },
      closed: { type: 'string', multiple: true },
      reopen: { type: 'string', multiple: true },
      turn: { type: 'string', multiple: true },
      reset: { type: 'string' },
    },
  });
  const [command, ...extra] = positionals;
  if (command === 'list' && extra.length === 0) {
    const rows = await readSettings(db);
    return rows.length === 0 ? 'No branch has settings.' : rows.map(describe).join('\n\n');
  }
  if (!['add', 'set'].includes(command ?? '') || extra.length > 0)
    throw new BranchesUsageError(`Unknown command "branches ${positionals.join(' ')}".`);
  const branch = values.branch?.trim();
  if (!branch) throw new BranchesUsageError(`branches ${command} needs --branch.`);
  if (command === 'add') return addBranch(db, branch, values['time-zone']);
  // The one check of a branch name (the accounts and floors use it too): a new branch is added first.
  await requireKnownBranches(db, [branch]).catch((error: unknown) => {
    throw error instanceof UnknownBranchError ? new BranchesError(`Not saved: ${error.message}`) : error;
  });

  const [current] = await readSettings(db, branch);
  // A branch's first settings start from its own zone (saving them copies theirs back to it).
  const zone = current
    ? undefined
    : (await db.query<{ time_zone: string }>('select time_zone from public.branches where name = $1', [branch])).rows[0]
        ?.time_zone;
  const base: SettingsRow = current ?? {
    branch,
    time_zone: zone ?? 'Asia/Ho_Chi_Minh',
    covers_per_slot: null,
    max_party: null,
    booking_window_days: null,
    // A new branch opens as the restaurant does (spec: every day 10:30 AM to 11:00 PM).
    hours: weekdays.map((weekday) => ({ weekday, opens: '10:30', closes: '23:00' })),
    closed_dates: [],
    turn_minutes: Object.fromEntries(defaultTurnTimes.map((turn) => [String(turn.from), turn.minutes])),
    reset_minutes: defaultResetMinutes,
  };
  const reopened = new Set(values.reopen ?? []);
  const closed = [
    ...base.closed_dates.filter((c) => !reopened.has(c.date) && !(values.closed ?? []).includes(c.date)),
    ...(values.closed ?? []).map((date) => ({ date, reason: null })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const next: BranchSettings = {
    time_zone: values['time-zone'] ?? base.time_zone,
    covers_per_slot: limitOption('capacity', values.capacity, base.covers_per_slot),
    max_party: limitOption('max-party', values['max-party'], base.max_party),
    booking_window_days: limitOption('window', values.window, base.booking_window_days),
    hours: base.hours,
    closed_dates: closed,
    turn_times: turnOptions(values.turn) ?? turnTimesOf(base.turn_minutes),
    reset_minutes: values.reset === undefined ? base.reset_minutes : wholeOption('reset', values.reset),
  };
  const parsed = branchSettingsSchema.safeParse(next);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new BranchesError(`Not saved: ${problems.join('; ')}`);
  }
  try {
    await db.query('select public.save_branch_settings($1, $2::jsonb)', [branch, JSON.stringify(parsed.data)]);
  } catch (error) {
    throw new BranchesError(`Not saved: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [saved] = await readSettings(db, branch);
  return saved ? `Saved.\n${describe(saved)}` : 'Saved.';
}
