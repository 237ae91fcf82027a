/**
 * Availability and branch settings as the web app, the server and the database agree on them
 * (the rules themselves live in supabase/migrations/20261123000000_branch_availability.sql):
 * the slot a booking is for, the status of a slot, the codes with which the database refuses a
 * booking, and the one schema for a branch's settings.
 */
import { z } from 'zod';

/** What booking_availability() says of a slot. */
export const slotStatuses = ['open', 'past', 'closed', 'full', 'too_far', 'too_large'] as const;
export type SlotStatus = (typeof slotStatuses)[number];

export const availabilityRowSchema = z.object({
  slot: z.string().regex(/^\d{2}:\d{2}$/),
  status: z.enum(slotStatuses),
  covers_left: z.number().int().nullable(),
});
export type AvailabilityRow = z.infer<typeof availabilityRowSchema>;

/**
 * The time of day a booking is for, "HH:mm" on the 24-hour clock, as the database computes it
 * (public.booking_slot): the home form stores "07:30" with "PM", the /reservation page "19:30"
 * with "Dinner". Undefined when the text is not a time.
 */
export function bookingSlot(time: string, period: string): string | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return undefined;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return undefined;
  if (period.toUpperCase() === 'PM' && hours < 12) hours += 12;
  else if (period.toUpperCase() === 'AM' && hours === 12) hours = 0;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** SQLSTATEs with which the database refuses a booking its branch cannot take. */
export const bookingRefusalCodes = {
  BK001: 'full',
  BK002: 'closed',
  BK003: 'past',
  BK004: 'too_far',
  BK005: 'too_large',
} as const satisfies Record<string, SlotStatus>;
export type BookingRefusalCode = keyof typeof bookingRefusalCodes;

export function isBookingRefusal(code: string | undefined): code is BookingRefusalCode {
  return code !== undefined && Object.hasOwn(bookingRefusalCodes, code);
}

/**
 * The SQLSTATE with which the database refuses a booking (or settings) naming no branch of
 * public.branches: a name the forms never send, so they show the database's own message.
 */
export const unknownBranchCode = 'BK007';

/** The facts the database puts in a refusal's detail (JSON), for a message in the guest's language. */
export const bookingRefusalFactsSchema = z.object({
  reason: z.enum(slotStatuses),
  branch: z.string(),
  date: z.string(),
  time: z.string().nullable(),
  guests: z.number().int(),
  max_party: z.number().int().nullable(),
  window_days: z.number().int().nullable(),
  covers_left: z.number().int().nullable(),
});
export type BookingRefusalFacts = z.infer<typeof bookingRefusalFactsSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the format HH:mm');
const minutesOf = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

export const openingRangeSchema = z
  .object({ weekday: z.number().int().min(1).max(7), opens: hhmm, closes: hhmm })
  .refine((range) => minutesOf(range.closes) > minutesOf(range.opens), {
    message: 'Closing time must be after opening time',
    path: ['closes'],
  });
export type OpeningRange = z.infer<typeof openingRangeSchema>;

const isoDate = z.iso.date({ error: 'Use the format yyyy-MM-dd' });

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** True when the hours and closed dates have the text fields the checks across rows read. */
function rowsCheckable(value: unknown): boolean {
  if (!isObject(value) || !('hours' in value) || !('closed_dates' in value)) return false;
  const { hours, closed_dates } = value;
  return (
    Array.isArray(hours) &&
    hours.every(
      (range: unknown) =>
        isObject(range) &&
        'opens' in range &&
        typeof range.opens === 'string' &&
        'closes' in range &&
        typeof range.closes === 'string',
    ) &&
    Array.isArray(closed_dates) &&
    closed_dates.every((closed: unknown) => isObject(closed) && 'date' in closed && typeof closed.date === 'string') &&
    (!('turn_times' in value) ||
      value.turn_times === undefined ||
      (Array.isArray(value.turn_times) &&
        value.turn_times.every((turn: unknown) => isObject(turn) && 'from' in turn && typeof turn.from === 'number')))
  );
}

/**
 * How long a party holds its table, by party size: each row applies from its party size up to the
 * next row's (the database keeps them as branch_settings.turn_minutes, {"1": 90, "3": 105, …}).
 */
export const turnTimeSchema = z.object({
  from: z.number().int().min(1).max(100),
  minutes: z.number().int().min(15).max(600),
});
export type TurnTime = z.infer<typeof turnTimeSchema>;

/** The seeded turn times and reset buffer (20261126010000_turns.sql), for a branch without its own. */
export const defaultTurnTimes: TurnTime[] = [
  { from: 1, minutes: 90 },
  { from: 3, minutes: 105 },
  { from: 5, minutes: 120 },
  { from: 7, minutes: 150 },
];
export const defaultResetMinutes = 10;

/** The messages of the turn time checks across rows; the settings screen says them in its language. */
export const turnTimeMessages = {
  first: 'The first row must start at party size 1',
  order: 'Party sizes must go up, each listed once',
} as const;

/** A turn time map as the database stores it, as rows ordered by party size. */
export function turnTimesOf(map: Record<string, number>): TurnTime[] {
  return Object.entries(map)
    .map(([from, minutes]) => ({ from: Number(from), minutes }))
    .sort((a, b) => a.from - b.from);
}

/** A branch's settings, as the settings screen and the admin CLI send them (save_branch_settings). */
export const branchSettingsSchema = z
  .object({
    time_zone: z.string().trim().min(1).max(64),
    covers_per_slot: z.number().int().min(1).max(10_000).nullable(),
    max_party: z.number().int().min(1).max(1000).nullable(),
    booking_window_days: z.number().int().min(0).max(3650).nullable(),
    hours: z.array(openingRangeSchema).max(70),
    closed_dates: z.array(z.object({ date: isoDate, reason: z.string().trim().max(120).nullable() })).max(400),
    // Absent: the branch keeps the turn times and reset buffer it has.
    turn_times: z.array(turnTimeSchema).min(1).max(100).optional(),
    reset_minutes: z.number().int().min(0).max(120).optional(),
  })
  .superRefine(
    (settings, ctx) => {
      settings.hours.forEach((range, i) => {
        const overlaps = settings.hours.some(
          (other, j) =>
            j !== i &&
            other.weekday === range.weekday &&
            minutesOf(other.opens) < minutesOf(range.closes) &&
            minutesOf(range.opens) < minutesOf(other.closes),
        );
        if (overlaps) ctx.addIssue({ code: 'custom', path: ['hours', i], message: 'Overlaps another range that day' });
      });
      const seen = new Set<string>();
      settings.closed_dates.forEach((closed, i) => {
        if (seen.has(closed.date)) ctx.addIssue({ code: 'custom', path: ['closed_dates', i], message: 'Listed twice' });
        seen.add(closed.date);
      });
      const turns = settings.turn_times ?? [];
      if (turns[0] && turns[0].from !== 1)
        ctx.addIssue({
          code: 'custom',
          path: ['turn_times', 0],
          message: turnTimeMessages.first,
          params: { turn: 'first' },
        });
      turns.forEach((turn, i) => {
        const previous = turns[i - 1];
        if (previous && turn.from <= previous.from)
          ctx.addIssue({
            code: 'custom',
            path: ['turn_times', i],
            message: turnTimeMessages.order,
            params: { turn: 'order' },
          });
      });
      // Reported with any other mistake (a number that is not one, say), not only once those are
      // fixed: the settings screen shows every error at once.
    },
    { when: (payload) => rowsCheckable(payload.value) },
  );
export type BranchSettings = z.infer<typeof branchSettingsSchema>;
