import { describe, expect, it } from 'vitest';
import { homeBookingSchema } from '../../../../domain/reservation.ts';
import { displayTime, timeSlots } from './time-slots.ts';

describe('timeSlots', () => {
  it('offers the morning from opening at 10:30 AM', () => {
    expect(timeSlots('AM')).toEqual(['10:30', '11:00', '11:30']);
  });

  it('offers the afternoon and evening up to the last seating at 10:30 PM', () => {
    const pm = timeSlots('PM');
    expect(pm[0]).toBe('12:00');
    expect(pm[1]).toBe('12:30');
    expect(pm[2]).toBe('01:00');
    expect(pm.at(-1)).toBe('10:30');
    expect(pm).toHaveLength(22);
  });

  it('gives times the home booking schema accepts', () => {
    for (const period of ['AM', 'PM'] as const) {
      for (const time of timeSlots(period)) {
        expect(homeBookingSchema.shape.time.safeParse(time).success, time).toBe(true);
      }
    }
  });

  it('drops the leading zero for display', () => {
    expect(displayTime('07:30')).toBe('7:30');
    expect(displayTime('12:00')).toBe('12:00');
  });
});
