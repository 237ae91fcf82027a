/**
 * Admin Dashboard (/admin/dashboard): shown only to a session (call 5), reservations only to
 * staff. Filters and the page live in the URL; the database filters, orders, pages and counts.
 * TanStack Query is not in the app shell: each staff screen has its own cache (the booking forms
 * load the library with their own code, when the guest nears them).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ReservationFlag } from '../../../domain/reservation.ts';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../lib/notify.ts';
import styles from './admin.module.css';
import { branchOptions, useBranchesInData } from './api/list-branches.ts';
import {
  PageOutOfRangeError,
  type ReservationRow,
  reservationsQueryOptions,
  useReservations,
} from './api/list-reservations.ts';
import { useUpdateReservationFlag } from './api/update-reservation-flag.ts';
import { FiltersCard } from './filters-card.tsx';
import { Pager } from './pager.tsx';
import {
  type DashboardQuery,
  pageCount,
  parseDashboardQuery,
  type ReservationFilters,
  toSearchParams,
} from './reservation-filters.ts';
import { ReservationsTable } from './reservations-table.tsx';
import { StaffScreen } from './staff-screen.tsx';

function ReservationsBoard({ supabase }: { supabase: SupabaseClient }) {
  const { t, i18n } = useTranslation('admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseDashboardQuery(searchParams), [searchParams]);
  const list = useReservations(supabase, query);
  const branches = useBranchesInData(supabase);

  const go = useCallback(
    (next: DashboardQuery, history: 'push' | 'replace') =>
      setSearchParams(toSearchParams(next), { replace: history === 'replace' }),
    [setSearchParams],
  );
  // A filter change starts again at page 1; the URL is replaced, so Back leaves the dashboard.
  const onFilters = useCallback((filters: ReservationFilters) => go({ filters, page: 1 }, 'replace'), [go]);

  // A stale link past the last page (rows were filtered away) goes to the last page there is.
  const total = list.data?.total;
  useEffect(() => {
    if (list.error instanceof PageOutOfRangeError) go({ ...query, page: 1 }, 'replace');
    else if (total !== undefined && !list.isPlaceholderData && query.page > pageCount(total)) {
      go({ ...query, page: pageCount(total) }, 'replace');
    }
  }, [list.error, list.isPlaceholderData, total, query, go]);

  const update = useUpdateReservationFlag(supabase, reservationsQueryOptions(supabase, query).queryKey, {
    onSuccess: (change) => notify.success(t(`table.updated_${change.flag}`)),
    onError: () => notify.error(t('table.updateFailed')),
  });
  const onToggle = useCallback(
    (row: ReservationRow, flag: ReservationFlag, value: boolean) => update.mutate({ id: row.id, flag, value }),
    [update.mutate],
  );

  const count = new Intl.NumberFormat(i18n.language);
  let placeholder: ReactNode;
  if (list.isPending) placeholder = <p role="status">{t('table.loading')}</p>;
  else if (list.isError && !(list.error instanceof PageOutOfRangeError)) {
    placeholder = (
      <div role="alert" className={styles.loadFailed}>
        <p>{t('table.loadFailed')}</p>
        <Button variant="ghost" onClick={() => void list.refetch()}>
          {t('table.retry')}
        </Button>
      </div>
    );
  } else if (list.data?.rows.length === 0) placeholder = <p role="status">{t('table.empty')}</p>;

  return (
    <>
      <FiltersCard
        filters={query.filters}
        branches={branchOptions(branches.data, query.filters.branch)}
        onChange={onFilters}
      />
      <div className={`${styles.card} ${styles.tableCard}`}>
        <div className={styles.tableHeader}>
          <h2 id="reservations-title" className={styles.cardTitle}>
            {list.data && !list.isError
              ? t('table.title', { total: count.format(list.data.total) })
              : t('table.titleLoading')}
          </h2>
          <p className={styles.updating} role="status">
            {list.isFetching && !list.isPending ? t('table.updating') : ''}
          </p>
        </div>
        <ReservationsTable
          rows={list.isError ? [] : (list.data?.rows ?? [])}
          busy={list.isFetching}
          onToggle={onToggle}
          placeholder={placeholder}
        />
        {list.data && !list.isError && list.data.total > 0 ? (
          <Pager page={query.page} total={list.data.total} onPage={(page) => go({ ...query, page }, 'push')} />
        ) : null}
      </div>
    </>
  );
}

function DashboardScreen() {
  const { t } = useTranslation('admin');
  return (
    <StaffScreen
      title={t('dashboard.title')}
      subtitle={t('dashboard.subtitle')}
      notAuthorised={(email) => t('dashboard.notAuthorised', { email })}
    >
      {(supabase) => <ReservationsBoard supabase={supabase} />}
    </StaffScreen>
  );
}

export function DashboardPage() {
  // One cache per visit: after logout nothing of the guests' data stays in memory.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // postgrest-js already retries GETs on network errors and 503s.
          queries: { retry: false, staleTime: 15_000, refetchOnWindowFocus: true, refetchInterval: 60_000 },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <DashboardScreen />
      </Suspense>
    </QueryClientProvider>
  );
}
