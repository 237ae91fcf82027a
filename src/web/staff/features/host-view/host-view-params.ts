/**
 * The host's view — which branch and which day — as it lives in the address bar
 * (`?branch=Sa%20Pa&date=2026-12-24`), so a reload or a shared link opens the same view. Pure, so
 * the rules are tested alone: a branch the host does not work at, or a day that is not a day,
 * falls back to the host's first branch and today in that branch's time zone.
 */
import { z } from 'zod';

export const branchParameter = 'branch';
export const dateParameter = 'date';

const daySchema = z.iso.date();

/** The branch asked for when it is one of `branches`, else the first of them (undefined when there are none). */
export function chosenBranch(asked: string | null, branches: readonly string[]): string | undefined {
  if (asked !== null && branches.includes(asked)) return asked;
  return branches[0];
}

/** The day asked for when it is a real yyyy-MM-dd day, else undefined (the caller's today applies). */
export function chosenDay(asked: string | null): string | undefined {
  return asked !== null && daySchema.safeParse(asked).success ? asked : undefined;
}

/** The query string of a view: `?branch=Sa+Pa&date=2026-12-24` (URLSearchParams writes spaces as +). */
export function hostViewSearch(view: { branch: string; date?: string | undefined }): string {
  const search = new URLSearchParams({ [branchParameter]: view.branch });
  if (view.date !== undefined) search.set(dateParameter, view.date);
  return `?${search.toString()}`;
}

/** yyyy-MM-dd `days` after `day` on the calendar (no time zone involved: days are labels here). */
export function addDays(day: string, days: number): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const moved = new Date(Date.UTC(year, month - 1, date + days));
  return moved.toISOString().slice(0, 10);
}

/** The ISO weekday (1 Monday … 7 Sunday) of a yyyy-MM-dd day, as the opening hours number them. */
export function isoWeekday(day: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/**
 * Intl formats by zone and kind, made once: building one costs far more than using it, and the
 * host's screens ask for today and the time of day on every render (the profile of the bench).
 * A zone the browser does not know reads as Vietnam's.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(kind: 'day' | 'clock', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let format = formats.get(key);
  if (format === undefined) {
    const make = (zone: string) =>
      kind === 'day'
        ? new Intl.DateTimeFormat('en-CA', { timeZone: zone })
        : new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
    try {
      format = make(timeZone);
    } catch {
      format = make('Asia/Ho_Chi_Minh');
    }
    formats.set(key, format);
  }
  return format;
}

/** Today (yyyy-MM-dd) in a time zone at `now`; a zone the browser does not know reads as Vietnam's. */
export function todayIn(timeZone: string, now: Date): string {
  return formatIn('day', timeZone).format(now);
}

/** Minutes since midnight at `now` in a time zone (for the "now" line). */
export function minutesIntoDayIn(timeZone: string, now: Date): number {
  const parts = formatIn('clock', timeZone).formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}
