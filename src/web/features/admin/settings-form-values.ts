/**
 * The settings form's values and their way to and from BranchSettings. The form's controls hold
 * text (an empty number field means "no limit"); branchSettingsSchema, the one schema the admin
 * CLI and the database call agree on, checks what they become. Messages for the schema's generic
 * checks (a number out of range, not a whole number) are the screen's own, in its language; the
 * schema's own messages ("Closing time must be after opening time") are shown as they are.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { type BranchSettings, branchSettingsSchema } from '../../../domain/availability.ts';
import '../../lib/zod-jitless.ts';

export interface SettingsFormValues {
  time_zone: string;
  covers_per_slot: string;
  max_party: string;
  booking_window_days: string;
  hours: { weekday: number; opens: string; closes: string }[];
  closed_dates: { date: string; reason: string }[];
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
  };
}

/** Empty: no limit. Digits: that number. Anything else (1.5, 2e3, "ten"): not a number, refused. */
function limitOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export function toSettingsInput(values: SettingsFormValues): SettingsInput {
  return {
    time_zone: values.time_zone,
    covers_per_slot: limitOf(values.covers_per_slot),
    max_party: limitOf(values.max_party),
    booking_window_days: limitOf(values.booking_window_days),
    hours: values.hours,
    closed_dates: values.closed_dates.map((closed) => ({ date: closed.date, reason: closed.reason.trim() || null })),
  };
}

export interface SettingsMessages {
  wholeNumber: string;
  atLeast: (minimum: number) => string;
  atMost: (maximum: number) => string;
  tooLong: (maximum: number) => string;
  timeRequired: string;
  dateRequired: string;
}

/** A number field's issue in the screen's words; undefined leaves the schema's own message. */
function issueMessage(issue: z.core.$ZodRawIssue, messages: SettingsMessages): string | undefined {
  if (issue.code === 'invalid_type') return messages.wholeNumber;
  if (issue.code === 'too_small' && issue.origin === 'number') return messages.atLeast(Number(issue.minimum));
  if (issue.code === 'too_big' && issue.origin === 'number') return messages.atMost(Number(issue.maximum));
  if (issue.code === 'too_big' && issue.origin === 'string') return messages.tooLong(Number(issue.maximum));
  return undefined;
}

export function settingsResolver(messages: SettingsMessages): Resolver<SettingsFormValues, unknown, BranchSettings> {
  const schemaResolver = zodResolver(branchSettingsSchema, { error: (issue) => issueMessage(issue, messages) });
  return async (values, context, options) => {
    // The field refs let react-hook-form focus the first invalid field; `names` is typed by the input shape.
    const result = await schemaResolver(toSettingsInput(values), context, { ...options, names: undefined });
    const errors: FieldErrors<SettingsFormValues> = { ...result.errors };
    // A cleared time or date says so, rather than naming the format it should have; a problem of
    // a whole row (a range that overlaps another, a date listed twice) is shown on its first field,
    // which react-hook-form then focuses like any other.
    const required = (error: FieldError | undefined, value: string, message: string): FieldError | undefined =>
      error && value === '' ? { ...error, message } : error;
    const ofRow = (row: { message?: unknown; type?: unknown }): FieldError | undefined =>
      typeof row.message === 'string' ? { type: String(row.type ?? 'custom'), message: row.message } : undefined;
    values.hours.forEach((range, i) => {
      const rangeErrors = errors.hours?.[i];
      if (!rangeErrors) return;
      rangeErrors.opens = required(rangeErrors.opens, range.opens, messages.timeRequired) ?? ofRow(rangeErrors);
      rangeErrors.closes = required(rangeErrors.closes, range.closes, messages.timeRequired);
    });
    values.closed_dates.forEach((closed, i) => {
      const closedErrors = errors.closed_dates?.[i];
      if (closedErrors) {
        closedErrors.date = required(closedErrors.date, closed.date, messages.dateRequired) ?? ofRow(closedErrors);
      }
    });
    // The resolver types its success value loosely; parsing it again (idempotent) gives the typed settings.
    const settings = branchSettingsSchema.safeParse(result.values);
    if (Object.keys(errors).length > 0 || !settings.success) return { values: {}, errors };
    return { values: settings.data, errors: {} };
  };
}
