import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { BranchSettings } from '../../../../domain/availability.ts';
import {
  type SettingsFormValues,
  type SettingsMessages,
  settingsResolver,
  toFormValues,
  toSettingsInput,
} from './settings-form-values.ts';

const stored: BranchSettings = {
  time_zone: 'Asia/Ho_Chi_Minh',
  covers_per_slot: 20,
  max_party: null,
  booking_window_days: 60,
  hours: [
    { weekday: 1, opens: '11:00', closes: '14:00' },
    { weekday: 1, opens: '17:00', closes: '22:00' },
  ],
  closed_dates: [{ date: '2027-02-17', reason: null }],
};

const messages: SettingsMessages = {
  wholeNumber: 'whole number',
  atLeast: (minimum) => `at least ${minimum}`,
  atMost: (maximum) => `at most ${maximum}`,
  tooLong: (maximum) => `at most ${maximum} characters`,
  timeRequired: 'enter a time',
  dateRequired: 'enter a date',
};

const options: ResolverOptions<SettingsFormValues> = {
  fields: {},
  criteriaMode: 'firstError',
  shouldUseNativeValidation: false,
};

async function resolve(values: SettingsFormValues) {
  return settingsResolver(messages)(values, undefined, options);
}

describe('the settings form values', () => {
  it('show stored numbers as text and "no limit" as an empty field', () => {
    expect(toFormValues(stored)).toEqual({
      time_zone: 'Asia/Ho_Chi_Minh',
      covers_per_slot: '20',
      max_party: '',
      booking_window_days: '60',
      hours: stored.hours,
      closed_dates: [{ date: '2027-02-17', reason: '' }],
    });
  });

  it('turn empty fields into no limit, digits into numbers and anything else into not-a-number', () => {
    const input = toSettingsInput({
      ...toFormValues(stored),
      covers_per_slot: ' 12 ',
      max_party: '',
      booking_window_days: '1.5',
      closed_dates: [{ date: '2027-02-17', reason: '   ' }],
    });
    expect(input.covers_per_slot).toBe(12);
    expect(input.max_party).toBeNull();
    expect(input.booking_window_days).toBeNaN();
    expect(toSettingsInput({ ...toFormValues(stored), covers_per_slot: '2e3' }).covers_per_slot).toBeNaN();
    expect(input.closed_dates).toEqual([{ date: '2027-02-17', reason: null }]);
  });

  it('give valid settings back as the schema types them', async () => {
    expect(await resolve(toFormValues(stored))).toEqual({ values: stored, errors: {} });
  });

  it("name each mistake at its field, in the screen's words", async () => {
    const result = await resolve({
      ...toFormValues(stored),
      covers_per_slot: '0',
      max_party: 'ten',
      booking_window_days: '4000',
      hours: [
        ...stored.hours,
        { weekday: 1, opens: '13:00', closes: '15:00' },
        { weekday: 2, opens: '', closes: '' },
        { weekday: 3, opens: '12:00', closes: '09:00' },
      ],
      closed_dates: [
        { date: '2027-02-17', reason: '' },
        { date: '2027-02-17', reason: 'x'.repeat(121) },
        { date: '', reason: '' },
      ],
    });
    expect(result.values).toEqual({});
    const errors = result.errors;
    expect(errors.covers_per_slot?.message).toBe('at least 1');
    expect(errors.max_party?.message).toBe('whole number');
    expect(errors.booking_window_days?.message).toBe('at most 3650');
    // A range overlapping another: shown on the first time of each of the two.
    expect(errors.hours?.[0]?.opens?.message).toBe('Overlaps another range that day');
    expect(errors.hours?.[2]?.opens?.message).toBe('Overlaps another range that day');
    expect(errors.hours?.[1]).toBeUndefined();
    expect(errors.hours?.[3]?.opens?.message).toBe('enter a time');
    expect(errors.hours?.[3]?.closes?.message).toBe('enter a time');
    expect(errors.hours?.[4]?.closes?.message).toBe('Closing time must be after opening time');
    expect(errors.closed_dates?.[1]?.date?.message).toBe('Listed twice');
    expect(errors.closed_dates?.[1]?.reason?.message).toBe('at most 120 characters');
    expect(errors.closed_dates?.[2]?.date?.message).toBe('enter a date');
    expect(errors.closed_dates?.[0]).toBeUndefined();
  });
  it('carry turn times as rows of text, and name their mistakes at their fields', async () => {
    const withTurns: BranchSettings = {
      ...stored,
      turn_times: [
        { from: 1, minutes: 90 },
        { from: 5, minutes: 120 },
      ],
      reset_minutes: 10,
    };
    const values = toFormValues(withTurns);
    expect(values).toMatchObject({
      turn_times: [
        { from: '1', minutes: '90' },
        { from: '5', minutes: '120' },
      ],
      reset_minutes: '10',
    });
    expect(await resolve(values)).toEqual({ values: withTurns, errors: {} });
    const turnMessages: SettingsMessages = {
      ...messages,
      numberRequired: 'enter a number',
      turnFirst: 'start at 1',
      turnOrder: 'go up',
    };
    const { errors } = await settingsResolver(turnMessages)(
      {
        ...values,
        turn_times: [
          { from: '2', minutes: '' },
          { from: '2', minutes: '700' },
        ],
        reset_minutes: '121',
      },
      undefined,
      options,
    );
    expect(errors.turn_times?.[0]?.from?.message).toBe('start at 1');
    expect(errors.turn_times?.[0]?.minutes?.message).toBe('enter a number');
    expect(errors.turn_times?.[1]?.from?.message).toBe('go up');
    expect(errors.turn_times?.[1]?.minutes?.message).toBe('at most 600');
    expect(errors.reset_minutes?.message).toBe('at most 120');
  });
});
