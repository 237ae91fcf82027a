/**
 * The one availability hook both booking forms use (the home form and the /reservation page).
 * Once a branch and a day are chosen it asks booking_availability() — again whenever the branch,
 * the day or the party size changes, when the guest comes back to the tab, and when the form asks
 * after a refusal — and tells the form which of its own times to offer, which to show disabled
 * and why, and what to say near the fields. The spec's option sets stay the form's own: while the
 * answer is on its way, or if it never comes, the form offers them as they are, and the database
 * still refuses what cannot be booked.
 *
 * Nothing here runs before the guest has picked a branch and a day, so the answers' cache
 * (TanStack Query, availability-query.ts) and the backend client load only once the visitor has
 * used a form: the page's JavaScript before any interaction stays small.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { limits, minGuests } from '../../../../domain/reservation-options.ts';
import { useBranchName } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { restaurantWallClock } from '../../../shared/lib/restaurant-clock.ts';
import type { SlotObserver } from './availability-query.ts';
import type { AvailabilityKey } from './fetch-availability.ts';
import {
  availabilityNotes,
  isPastToday,
  type SlotIndex,
  type Unavailable,
  unavailableReason,
} from './slot-availability.ts';

type QueryModule = typeof import('./availability-query.ts');
let queryModule: QueryModule | undefined;
const loadQueryModule = async (): Promise<QueryModule> => {
  queryModule ??= await import('./availability-query.ts');
  return queryModule;
};

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export interface AvailabilityRequest {
  /** The chosen branch, '' while none is. */
  branch: string;
  /** The chosen day (yyyy-MM-dd), '' while none is. */
  date: string;
  /** The party size; anything not a whole number in range (nothing chosen yet) asks for 1. */
  guests: number | undefined;
  /** Every time the form can offer on a day, as "HH:mm" on the 24-hour clock. */
  daySlots: readonly string[];
  /** The form's clock: past times of today are not offered. */
  now: () => Date;
}

export interface FormAvailability {
  /** The form's times still on offer: those of today that have begun are left out. */
  offered<T>(times: readonly T[], slotOf: (time: T) => string | undefined): T[];
  /** Why the time cannot be booked (the option is shown disabled), or undefined. */
  unavailable(slot: string | undefined): Unavailable | undefined;
  /** An option's text, with the reason appended when it cannot be booked ("7:00 PM — Full"). */
  optionLabel(text: string, slot: string | undefined): string;
  /** Short notes for the date, guests and time fields, in the guest's language. */
  notes: { date?: string; guests?: string; time?: string };
  /** Asks again for the chosen branch and day (after the database refused a booking). */
  refresh(): Promise<void>;
}

function partySize(guests: number | undefined): number {
  return guests !== undefined && Number.isInteger(guests) && guests >= minGuests && guests <= limits.guests
    ? guests
    : minGuests;
}

/**
 * TanStack Query's useQuery for the availability question, with TanStack loaded on the first
 * question: until then (and if it cannot load) there is no answer, and the form offers its own
 * times as it does while an answer is on its way.
 */
function useSlotQuery(key: AvailabilityKey, wanted: boolean): { data: SlotIndex | undefined; isError: boolean } {
  const [module, setModule] = useState(queryModule);
  const [loadFailed, setLoadFailed] = useState(false);
  const { branch, date, guests } = key;
  // A failed load is tried again with the next question, as a failed answer is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: branch, date and guests are that next question
  useEffect(() => {
    if (module || !wanted) return;
    let current = true;
    loadQueryModule().then(
      (loaded) => current && setModule(loaded),
      () => current && setLoadFailed(true),
    );
    return () => {
      current = false;
    };
  }, [module, wanted, branch, date, guests]);
  // One observer per form, from the first render that has the module (as useQuery keeps one).
  const observerRef = useRef<SlotObserver | undefined>(undefined);
  if (module && !observerRef.current) observerRef.current = module.createObserver(key, wanted);
  const observer = observerRef.current;
  useSyncExternalStore(
    useCallback(
      (onChange: () => void) => (module && observer ? module.subscribe(observer, onChange) : () => undefined),
      [module, observer],
    ),
    () => observer?.getCurrentResult(),
    () => undefined,
  );
  useEffect(() => {
    if (module && observer) module.moveObserver(observer, { branch, date, guests }, wanted);
  }, [module, observer, branch, date, guests, wanted]);
  if (!module || !observer) return { data: undefined, isError: wanted && loadFailed };
  const result = module.resultFor(observer, key, wanted);
  return { data: result.data, isError: result.isError };
}

/** Re-renders every `ms` while `active`, so times that pass while the form is open leave it. */
function useTicking(active: boolean, ms: number): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), ms);
    return () => clearInterval(timer);
  }, [active, ms]);
}

export function useAvailability(request: AvailabilityRequest): FormAvailability {
  // Not suspending: the form must not wait for these messages (they load as it mounts, long
  // before a guest has picked a day); until they are here, options and notes stay plain.
  const { t, ready } = useTranslation('availability', { useSuspense: false });
  const nameOf = useBranchName();
  const clock = restaurantWallClock(request.now());
  useTicking(request.date === clock.day, 30_000);

  const key: AvailabilityKey = { branch: request.branch, date: request.date, guests: partySize(request.guests) };
  const wanted = key.branch !== '' && isoDay.test(key.date) && key.date >= clock.day;
  const query = useSlotQuery(key, wanted);
  const failed = wanted && query.isError;
  const index = wanted && !failed ? query.data : undefined;

  const unavailable = (slot: string | undefined) => unavailableReason(index, slot);
  const noteKeys = ready ? availabilityNotes({ ...request, clock, index, failed }) : {};
  // The branch as guests read it in this language (the value sent stays the spec's name).
  const branch = nameOf(request.branch);
  return {
    offered: (times, slotOf) =>
      times.filter((time) => {
        const slot = slotOf(time);
        return slot === undefined || !isPastToday(request.date, slot, clock);
      }),
    unavailable,
    optionLabel: (text, slot) => {
      const reason = unavailable(slot);
      return reason && ready ? t('option', { time: text, reason: t(`reason.${reason}`) }) : text;
    },
    notes: {
      date: noteKeys.date && t(`note.${noteKeys.date}`, { branch }),
      guests: noteKeys.guests && t(`note.${noteKeys.guests}`, { branch, count: key.guests }),
      time: noteKeys.time && t(`note.${noteKeys.time}`, { count: key.guests }),
    },
    refresh: async () => (await loadQueryModule()).refresh(key.branch, key.date),
  };
}
