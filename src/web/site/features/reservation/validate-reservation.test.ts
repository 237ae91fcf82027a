import { describe, expect, it } from 'vitest';
import { emptyReservationForm } from './reservation-form-values.ts';
import { validateReservation } from './validate-reservation.ts';

// 10:00 on 14 March 2026 in Vietnam (UTC+7).
const now = () => new Date('2026-03-14T03:00:00Z');
const filled = {
  ...emptyReservationForm,
  date: '2026-03-14',
  guests: 3,
  name: 'Anh Nguyen',
  mobile: '0912 345 678',
  email: 'anh@example.com',
  branch: 'Suburb',
  time: '12:00',
  period: 'Lunch',
};

describe('validateReservation', () => {
  it('gives each invalid field its first error only', () => {
    const result = validateReservation({ ...filled, name: '', email: 'anh@', guests: Number.NaN }, now);
    expect(result).toEqual({ ok: false, errors: { name: 'required', email: 'emailInvalid', guests: 'guestsInvalid' } });
  });

  it('refuses a day that has passed in the restaurant, by the clock it is given', () => {
    expect(validateReservation({ ...filled, date: '2026-03-13' }, now)).toEqual({
      ok: false,
      errors: { date: 'datePast' },
    });
  });

  it('gives the parsed values of a valid form', () => {
    const result = validateReservation({ ...filled, name: '  Anh Nguyen ' }, now);
    expect(result.ok && result.values.name).toBe('Anh Nguyen');
  });
});
