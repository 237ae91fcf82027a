import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from './api/reservation-history.ts';
import { describeHistory } from './history-text.ts';

const entry = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  id: 7,
  changed_at: '2026-11-23T12:02:30.000Z',
  actor: 'user',
  actor_email: 'host@saffron.example',
  action: 'updated',
  changes: {},
  ...overrides,
});

describe('history in words', () => {
  it('tells a host marking arrival, by email, on the restaurant clock', () => {
    expect(describeHistory(entry({ changes: { arrived: { old: false, new: true } } }))).toEqual({
      id: 7,
      phrases: [{ key: 'arrivedOn' }],
      who: { key: 'byEmail', values: { email: 'host@saffron.example' } },
      day: '2026-11-23',
      time: '19:02',
    });
  });

  it('tells a guest’s booking, the system’s removal and a change after midnight in Vietnam', () => {
    const made = describeHistory(entry({ action: 'created', actor: 'guest', actor_email: null }));
    expect(made.phrases).toEqual([{ key: 'created' }]);
    expect(made.who).toEqual({ key: 'byGuest' });
    const removed = describeHistory(entry({ action: 'deleted', actor: 'system', changed_at: '2026-11-23T17:30:00Z' }));
    expect(removed).toMatchObject({
      phrases: [{ key: 'deleted' }],
      who: { key: 'bySystem' },
      day: '2026-11-24',
      time: '00:30',
    });
    expect(describeHistory(entry({ actor_email: null })).who).toEqual({ key: 'byStaff' });
  });

  it('tells each changed column, flags and status first, with old and new values', () => {
    const line = describeHistory(
      entry({
        changes: {
          notes: { old: null, new: 'Window seat' },
          guests: { old: 4, new: 6 },
          allocated: { old: true, new: false },
          status: { old: 'booked', new: 'cancelled' },
          email: { old: 'a@example.vn', new: '' },
        },
      }),
    );
    expect(line.phrases).toEqual([
      { key: 'cancelled' },
      { key: 'allocatedOff' },
      { key: 'cleared', values: { field: 'email', from: 'a@example.vn' } },
      { key: 'changed', values: { field: 'guests', from: '4', to: '6' } },
      { key: 'set', values: { field: 'notes', to: 'Window seat' } },
    ]);
  });
});
