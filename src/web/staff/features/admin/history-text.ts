/**
 * A history line in words, decided apart from React so it can be tested: which phrase says what
 * happened ("Marked arrived", "Changed notes from … to …"), who did it, and when on the
 * restaurant's clock. The drawer turns the phrase keys into text with the translation layer (src/web/shared/i18n/i18n.ts).
 */
import { restaurantMoment } from '../../../../domain/restaurant-time.ts';
import type { HistoryEntry } from './api/reservation-history.ts';

/** A phrase's i18n key (under `history.`) and its values. */
export interface Phrase {
  key: string;
  values?: Record<string, string>;
}

export interface HistoryLine {
  id: number;
  phrases: Phrase[];
  who: Phrase;
  /** yyyy-MM-dd and HH:mm in the restaurant. */
  day: string;
  time: string;
}

function whenInRestaurant(iso: string): { day: string; time: string } {
  return restaurantMoment(iso) ?? { day: '', time: iso };
}

/** A recorded value as a host reads it: text as it is, nothing as "empty". */
export function shownValue(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function changePhrase(column: string, change: { old: unknown; new: unknown }): Phrase {
  if (column === 'arrived' || column === 'allocated') {
    return { key: `${column}${change.new === true ? 'On' : 'Off'}` };
  }
  if (column === 'status' && (change.new === 'cancelled' || change.new === 'booked')) {
    return { key: change.new === 'cancelled' ? 'cancelled' : 'restored' };
  }
  const from = shownValue(change.old);
  const to = shownValue(change.new);
  const values: Record<string, string> = { field: column };
  if (from !== undefined) values.from = from;
  if (to !== undefined) values.to = to;
  const key = from === undefined ? 'set' : to === undefined ? 'cleared' : 'changed';
  return { key, values };
}

/** The order phrases of one change are told in: the service flags first, then the rest by name. */
const firstColumns = ['status', 'arrived', 'allocated'];
function columnOrder(a: string, b: string): number {
  const rank = (column: string) => (firstColumns.includes(column) ? firstColumns.indexOf(column) : firstColumns.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}

export function describeHistory(entry: HistoryEntry): HistoryLine {
  let phrases: Phrase[];
  if (entry.action === 'created') phrases = [{ key: 'created' }];
  else if (entry.action === 'deleted') phrases = [{ key: 'deleted' }];
  else {
    phrases = Object.keys(entry.changes)
      .sort(columnOrder)
      .map((column) => changePhrase(column, entry.changes[column] ?? { old: null, new: null }));
  }
  let who: Phrase;
  if (entry.actor === 'guest') who = { key: 'byGuest' };
  else if (entry.actor === 'system') who = { key: 'bySystem' };
  else who = entry.actor_email ? { key: 'byEmail', values: { email: entry.actor_email } } : { key: 'byStaff' };
  return { id: entry.id, phrases, who, ...whenInRestaurant(entry.changed_at) };
}
