/**
 * The availability answers' cache (TanStack Query), loaded with a form's first question (once a
 * branch and a day are picked), not with the form: until then a form needs none of it, and the
 * /reservation page hydrates its form as it loads. use-availability.ts drives one observer per
 * form, as TanStack's own useQuery does, without importing TanStack into the form's chunk.
 */
import {
  type DefaultedQueryObserverOptions,
  notifyManager,
  QueryClient,
  QueryObserver,
  type QueryObserverResult,
} from '@tanstack/react-query';
import type { AvailabilityKey } from './fetch-availability.ts';
import { indexBySlot, type SlotIndex } from './slot-availability.ts';

// The forms share this one cache, mounted so a tab the guest returns to asks again.
const client = new QueryClient({
  defaultOptions: { queries: { retry: false, staleTime: 20_000, refetchOnWindowFocus: true } },
});
client.mount();

const queryRoot = 'booking-availability';
type SlotQueryKey = readonly [typeof queryRoot, string, string, number];
export type SlotObserver = QueryObserver<SlotIndex, Error, SlotIndex, SlotIndex, SlotQueryKey>;
export type SlotResult = QueryObserverResult<SlotIndex, Error>;

function optionsFor(
  key: AvailabilityKey,
  enabled: boolean,
): DefaultedQueryObserverOptions<SlotIndex, Error, SlotIndex, SlotIndex, SlotQueryKey> {
  const options = client.defaultQueryOptions<SlotIndex, Error, SlotIndex, SlotIndex, SlotQueryKey>({
    queryKey: [queryRoot, key.branch, key.date, key.guests],
    // The backend client and zod come with the first answer: a form's first paint needs neither.
    queryFn: async ({ signal }): Promise<SlotIndex> => {
      const { fetchAvailability } = await import('./fetch-availability.ts');
      return indexBySlot(await fetchAvailability(key, signal));
    },
    enabled,
    // Another party size on the same day keeps the current marks until the new answer comes;
    // another branch or day starts clean.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === key.branch && previousQuery.queryKey[2] === key.date ? previous : undefined,
  });
  // As useQuery does: a render shows a question about to be asked as being asked.
  options._optimisticResults = 'optimistic';
  return options;
}

export function createObserver(key: AvailabilityKey, enabled: boolean): SlotObserver {
  return new QueryObserver(client, optionsFor(key, enabled));
}

/** The result for `key` as a render should show it (the observer may not have moved to it yet). */
export function resultFor(observer: SlotObserver, key: AvailabilityKey, enabled: boolean): SlotResult {
  return observer.getOptimisticResult(optionsFor(key, enabled));
}

export function moveObserver(observer: SlotObserver, key: AvailabilityKey, enabled: boolean): void {
  observer.setOptions(optionsFor(key, enabled));
}

export function subscribe(observer: SlotObserver, onChange: () => void): () => void {
  const unsubscribe = observer.subscribe(notifyManager.batchCalls(onChange));
  observer.updateResult();
  return unsubscribe;
}

/** Asks again for a branch and day, whatever the party size. */
export function refresh(branch: string, date: string): Promise<void> {
  return client.invalidateQueries({ queryKey: [queryRoot, branch, date] });
}
