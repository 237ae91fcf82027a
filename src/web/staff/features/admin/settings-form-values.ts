/**
 * The settings form's values and their way to and from BranchSettings. The form's controls hold
 * text (an empty number field means "no limit"); branchSettingsSchema, the one schema the admin
 * CLI and the database call agree on, checks what they become. Messages for the schema's generic
 * checks (a number out of range, not a whole number) are the screen's own, in its language; the
 * schema's own messages ("Closing time must be after opening time") are shown as they are.
 */
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { type BranchSettings, branchSettingsSchema } from '../../../../domain/availability.ts';
import '../../../shared/lib/zod-jitless.ts';

export interface SettingsFormValues {
  time_zone: string;
  covers_per_slot: string;
  max_party: string;
  booking_window_days: string;
  hours: { weekday: number; opens: string; closes: string }[];
  closed_dates: { date: string; reason: string }[];
  /** Absent when the settings came without them: saving then keeps the branch's own. */
  turn_times?: { from: string; minutes: string }[];
  reset_minutes?: string;
}

type SettingsInput = z.input<typeof branchSettingsSchema>;

const numberText = (value: number | null) => (value === null ? '' : String(value));

export function toFormValues(settings: BranchSettings): SettingsFormValues {
  return {
    time_zone: settings.time_zone,
    covers_per_slot: numberText(settings.covers_per_slot),
    max_party: numberText(settings.max_party),
    booking_window_days: numberText(settings.booking_window_days),
    hours: settings.hours.map((range) => ({ ...range })),
    closed_dates: settings.closed_dates.map((closed) => ({ date: closed.date, reason: closed.reason ?? '' })),
    ...(settings.turn_times && {
      turn_times: settings.turn_times.map((turn) => ({ from: String(turn.from), minutes: String(turn.minutes) })),
    }),
    ...(settings.reset_minutes !== undefined && { reset_minutes: String(settings.reset_minutes) }),
  };
}

/** Empty: no limit. Digits: that number. Anything else (1.5, 2e3, "ten"): not a number, refused. */
function limitOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Digits: that number. Anything else, empty too (a turn time always has one): refused. */
function wholeOf(text: string): number {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

export function toSettingsInput(values: SettingsFormValues): SettingsInput {
  return {
    time_zone: values.time_zone,
    covers_per_slot: limitOf(values.covers_per_slot),
    max_party: limitOf(values.max_party),
    booking_window_days: limitOf(values.booking_window_days),
    hours: values.hours,
    closed_dates: values.closed_dates.map((closed) => ({ date: closed.date, reason: closed.reason.trim() || null })),
    ...(values.turn_times && {
      turn_times: values.turn_times.map((turn) => ({ from: wholeOf(turn.from), minutes: wholeOf(turn.minutes) })),
    }),
    ...(values.reset_minutes !== undefined && { reset_minutes: wholeOf(values.reset_minutes) }),
  };
}

export interface SettingsMessages {
  wholeNumber: string;
  atLeast: (minimum: number) => string;
  atMost: (maximum: number) => string;
  tooLong: (maximum: number) => string;
  timeRequired: string;
  dateRequired: string;
  /** For the turn times and reset buffer, which cannot be left empty; else wholeNumber. */
  numberRequired?: string;
  /** The turn time checks across rows (turnTimeMessages); else the schema's English. */
  turnFirst?: string;
  turnOrder?: string;
}

/** A number field's issue in the screen's words; undefined leaves the schema's own message. */
function issueMessage(issue: z.core.$ZodRawIssue, messages: SettingsMessages): string | undefined {
  if (issue.code === 'invalid_type') return messages.wholeNumber;
  if (issue.code === 'too_small' && issue.origin === 'number') return messages.atLeast(Number(issue.minimum));
  if (issue.code === 'too_big' && issue.origin === 'number') return messages.atMost(Number(issue.maximum));
  if (issue.code === 'too_big' && issue.origin === 'string') return messages.tooLong(Number(issue.maximum));
  return undefined;
}

/**
 * Where an issue is shown: a problem of a whole row (a range that overlaps another, a date listed
 * twice) goes to the row's first field, which react-hook-form then focuses like any other.
 */
function fieldOf(path: readonly PropertyKey[]): string {
  const [list, index] = path;
  if (path.length === 2 && list === 'hours') return `hours.${String(index)}.opens`;
  if (path.length === 2 && list === 'closed_dates') return `closed_dates.${String(index)}.date`;
  if (path.length === 2 && list === 'turn_times') return `turn_times.${String(index)}.from`;
  return path.map(String).join('.');
}

/** "Enter a time" for a cleared time, "Enter a date" for a cleared date, rather than the format. */
function emptyFieldMessage(field: string, values: SettingsFormValues, messages: SettingsMessages): string | undefined {
  const [list, index, key] = field.split('.');
  const row = list === 'hours' ? values.hours[Number(index)] : undefined;
  if (row && (key === 'opens' || key === 'closes') && row[key] === '') return messages.timeRequired;
  const closed = list === 'closed_dates' ? values.closed_dates[Number(index)] : undefined;
  if (closed && key === 'date' && closed.date === '') return messages.dateRequired;
  return undefined;
}

/** A turn time's mistake in the screen's words, when it has them. */
function turnMessage(issue: z.core.$ZodIssue, field: string, messages: SettingsMessages): string | undefined {
  if (!field.startsWith('turn_times.') && field !== 'reset_minutes') return undefined;
  if (issue.code === 'invalid_type') return messages.numberRequired;
  if (issue.code !== 'custom') return undefined;
  return issue.params?.turn === 'first' ? messages.turnFirst : messages.turnOrder;
}

export function settingsResolver(messages: SettingsMessages): Resolver<SettingsFormValues, unknown, BranchSettings> {
  return async (values, _context, options) => {
    const result = branchSettingsSchema.safeParse(toSettingsInput(values), {
      error: (issue) => issueMessage(issue, messages),
    });
    if (result.success) return { values: result.data, errors: {} };
    // One message a field, the first found: a field's own mistake before its row's.
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path);
      errors[field] ??= {
        type: issue.code,
        message: emptyFieldMessage(field, values, messages) ?? turnMessage(issue, field, messages) ?? issue.message,
      };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
