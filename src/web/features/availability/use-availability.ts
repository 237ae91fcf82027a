/**
 * The one availability hook both booking forms use (the home form and the /reservation page).
 * Once a branch and a day are chosen it asks booking_availability() — again whenever the branch,
 * the day or the party size changes, when the guest comes back to the tab, and when the form asks
 * after a refusal — and tells the form which of its own times to offer, which to show disabled
 * and why, and what to say near the fields. The spec's option sets stay the form's own: while the
 * answer is on its way, or if it never comes, the form offers them as they are, and the database
 * still refuses what cannot be booked.
 *
 * Nothing here runs before the guest has picked a branch and a day, so the backend client still
 * loads only once the visitor interacts with a form.
 */
import { QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limits, minGuests } from '../../../domain/reservation-options.ts';
import { useBranchName } from '../../app/language.ts';
import { restaurantWallClock } from '../../lib/restaurant-clock.ts';
import type { AvailabilityKey } from './fetch-availability.ts';
import {
  availabilityNotes,
  indexBySlot,
  isPastToday,
  type SlotIndex,
  type Unavailable,
  unavailableReason,
} from './slot-availability.ts';

// The public pages have no QueryClientProvider (TanStack Query loads with the forms, not with the
// page); the forms share this one cache, mounted so a tab the guest returns to asks again.
const availabilityClient = new QueryClient({
  defaultOptions: { queries: { retry: false, staleTime: 20_000, refetchOnWindowFocus: true } },
});
if (typeof window !== 'undefined') availabilityClient.mount();

const queryRoot = 'booking-availability';
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

const queryKeyOf = (key: AvailabilityKey) => [queryRoot, key.branch, key.date, key.guests] as const;

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
  const query = useQuery(
    {
      queryKey: queryKeyOf(key),
      // Loaded with the first question: it brings the backend client and zod, which a form's
      // first paint does not need.
      queryFn: async ({ signal }): Promise<SlotIndex> => {
        const { fetchAvailability } = await import('./fetch-availability.ts');
        return indexBySlot(await fetchAvailability(key, signal));
      },
      enabled: wanted,
      // Another party size on the same day keeps the current marks until the new answer comes;
      // another branch or day starts clean.
      placeholderData: (previous, previousQuery) =>
        previousQuery?.queryKey[1] === key.branch && previousQuery.queryKey[2] === key.date ? previous : undefined,
    },
    availabilityClient,
  );
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
    refresh: () => availabilityClient.invalidateQueries({ queryKey: [queryRoot, key.branch, key.date] }),
  };
}
