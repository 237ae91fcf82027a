import { describe, expect, it } from 'vitest';
import { createReservationFormSchema, toSheetsPayload } from './reservation-form-schema.ts';
import { emptyReservationForm } from './reservation-form-values.ts';

const schema = createReservationFormSchema(() => '2026-03-14');
const filled = {
  ...emptyReservationForm,
  date: '2026-03-14',
  guests: 3,
  name: '  Anh Nguyen ',
  mobile: '0912 345 678',
  email: 'anh@example.com',
  branch: 'Suburb',
  time: '12:00',
  period: 'Lunch',
};

function errorsOf(input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the /reservation form schema', () => {
  it('names each missing field with its message key', () => {
    expect(errorsOf({ ...emptyReservationForm, guests: Number.NaN })).toEqual({
      date: 'dateRequired',
      guests: 'guestsInvalid',
      name: 'required',
      mobile: 'required',
      email: 'required',
      branch: 'branchRequired',
      time: 'timeRequired',
      period: 'periodRequired',
    });
  });

  it('refuses a day before today in the restaurant, 0 guests, and a malformed email', () => {
    expect(errorsOf({ ...filled, date: '2026-03-13', guests: 0, email: 'anh@' })).toEqual({
      date: 'datePast',
      guests: 'guestsMin',
      email: 'emailInvalid',
    });
  });

  it('refuses control characters in the notes as in the other fields, keeping new lines', () => {
    expect(errorsOf({ ...filled, notes: 'Window\u0000seat' })).toEqual({ notes: 'controlCharacters' });
    expect(errorsOf({ ...filled, notes: 'Two tables\n\tby the window' })).toEqual({});
  });

  it('has no practical maximum of guests', () => {
    expect(errorsOf({ ...filled, guests: 250 })).toEqual({});
  });

  it('turns valid input into the exact spreadsheet payload', () => {
    const values = schema.parse(filled);
    expect(toSheetsPayload(values, new Date('2026-03-14T05:06:07.089Z'))).toEqual({
      action: 'reserve',
      name: 'Anh Nguyen',
      mobile: '0912 345 678',
      email: 'anh@example.com',
      guests: 3,
      branch: 'Suburb',
      time: '12:00',
      period: 'Lunch',
      notes: '',
      date: '2026-03-14',
      timestamp: '2026-03-14T05:06:07.089Z',
      arrived: 'No',
      allocated: 'No',
    });
  });
});
