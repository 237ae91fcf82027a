/**
 * Admin Dashboard (/admin/dashboard): shown only to a session (call 5), reservations only to
 * staff. Filters and the page live in the URL; the database filters, orders, pages and counts.
 * TanStack Query is not in the app shell: each staff screen has its own cache (the booking forms
 * load the library with their own code, when the guest nears them).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ReservationFlag } from '../../../../domain/reservation.ts';
import { useBranchName } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { branchOptions, useBranchesInData } from '../../shell/list-branches.ts';
import type { StaffClaims } from '../../shell/staff-claims.ts';
import { StaffScreen } from '../../shell/staff-screen.tsx';
import { useToday } from '../../shell/use-today.ts';
import { VisitCache } from '../../shell/visit-cache.tsx';
import styles from './admin.module.css';
import {
  PageOutOfRangeError,
  type ReservationPage,
  type ReservationRow,
  reservationPagesKey,
  reservationsQueryOptions,
  useReservations,
} from './api/list-reservations.ts';
import { useLiveReservations } from './api/live-reservations.ts';
import { reservationHistoryKey } from './api/reservation-history.ts';
import { useUpdateReservationFlag } from './api/update-reservation-flag.ts';
import { DashboardToolbar } from './dashboard-toolbar.tsx';
import { DayNumbers } from './day-numbers.tsx';
import { FiltersCard } from './filters-card.tsx';
import {
  type Announcement,
  matchesFilters,
  showsOnPage,
  withAnnouncement,
  withNewBooking,
  withUpdatedRow,
} from './live-board.ts';
import { LiveStatusBadge, NewBookingsPill } from './live-status.tsx';
import { Pager } from './pager.tsx';
import {
  type DashboardQuery,
  type FiltersChange,
  pageCount,
  parseDashboardQuery,
  toSearchParams,
} from './reservation-filters.ts';
import { ReservationsTable } from './reservations-table.tsx';
import { WaitlistCard } from './waitlist-card.tsx';

// The drawer (and the dialog library under it) loads with the first booking opened, not with the page.
const ReservationDrawer = lazy(async () => ({ default: (await import('./reservation-drawer.tsx')).ReservationDrawer }));

function ReservationsBoard({ supabase, claims }: { supabase: SupabaseClient; claims: StaffClaims }) {
  const { t, i18n } = useTranslation('admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseDashboardQuery(searchParams), [searchParams]);
  const list = useReservations(supabase, query);
  const branches = useBranchesInData(supabase);
  const today = useToday();
  // The drawer's booking: the row as shown now (live changes included), else as it was opened.
  const [opened, setOpened] = useState<ReservationRow>();
  const drawerRow = opened && (list.data?.rows.find((row) => row.id === opened.id) ?? opened);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const open = useCallback((row: ReservationRow) => {
    setDrawerLoaded(true);
    setOpened(row);
  }, []);

  const go = useCallback(
    (next: DashboardQuery, history: 'push' | 'replace') =>
      setSearchParams(toSearchParams(next), { replace: history === 'replace' }),
    [setSearchParams],
  );
  // A filter change starts again at page 1; the URL is replaced, so Back leaves the dashboard.
  // It applies to the filters in the address bar now: the router changes the address at once but
  // renders it in a transition, so two quick changes (a branch, then the guests) could both start
  // from the same render, and the second would undo the first.
  const onFilters = useCallback(
    (change: FiltersChange) =>
      go(
        { filters: change(parseDashboardQuery(new URLSearchParams(window.location.search)).filters), page: 1 },
        'replace',
      ),
    [go],
  );

  // A stale link past the last page (rows were filtered away) goes to the last page there is.
  const total = list.data?.total;
  useEffect(() => {
    if (list.error instanceof PageOutOfRangeError) go({ ...query, page: 1 }, 'replace');
    else if (total !== undefined && !list.isPlaceholderData && query.page > pageCount(total)) {
      go({ ...query, page: pageCount(total) }, 'replace');
    }
  }, [list.error, list.isPlaceholderData, total, query, go]);

  const queryClient = useQueryClient();
  const update = useUpdateReservationFlag(supabase, reservationsQueryOptions(supabase, query).queryKey, {
    onSuccess: (change) => {
      notify.success(t(`table.updated_${change.flag}`));
      // The database wrote a history line: an open drawer shows it.
      void queryClient.invalidateQueries({ queryKey: reservationHistoryKey });
    },
    onError: () => notify.error(t('table.updateFailed')),
  });
  const onToggle = useCallback(
    (row: ReservationRow, flag: ReservationFlag, value: boolean) => update.mutate({ id: row.id, flag, value }),
    [update.mutate],
  );

  const live = useLiveBoard(supabase, query, list.data?.rows);
  const showNew = useCallback(() => {
    // Bookings outside the filters are shown by clearing them; all of them are newest, on page 1.
    const filters = live.pending.every((row) => matchesFilters(row, query.filters)) ? query.filters : {};
    go({ filters, page: 1 }, 'push');
  }, [live.pending, query.filters, go]);

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
      <DashboardToolbar supabase={supabase} filters={query.filters} today={today} onFilters={onFilters} />
      <FiltersCard
        filters={query.filters}
        branches={branchOptions(branches.data, query.filters.branch, claims)}
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
          <LiveStatusBadge status={live.status} />
        </div>
        <NewBookingsPill count={live.pending.length} onShow={showNew} />
        {/* One line per announcement, added at the end: not atomic, so a screen reader reads each
            new line once, and bookings that arrive together are all heard (withAnnouncement). */}
        <div className="visually-hidden" role="status" aria-atomic="false" aria-relevant="additions">
          {live.announcements.map((line) => (
            <p key={line.id}>{line.text}</p>
          ))}
        </div>
        <ReservationsTable
          rows={list.isError ? [] : (list.data?.rows ?? [])}
          highlighted={live.highlighted}
          busy={list.isFetching}
          onToggle={onToggle}
          onOpen={open}
          placeholder={placeholder}
        />
        {list.data && !list.isError && list.data.total > 0 ? (
          <Pager page={query.page} total={list.data.total} onPage={(page) => go({ ...query, page }, 'push')} />
        ) : null}
      </div>
      {/* After the register: the host stand needs the bookings first, the numbers second. */}
      <DayNumbers supabase={supabase} today={today} />
      <WaitlistCard supabase={supabase} today={today} />
      {/* Once loaded it stays mounted, so closing can hand focus back to the name that opened it. */}
      {drawerLoaded ? (
        <Suspense fallback={null}>
          <ReservationDrawer supabase={supabase} row={drawerRow} onClose={() => setOpened(undefined)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** How long a booking that just arrived stays highlighted. */
const highlightMs = 6000;

/**
 * The live board: bookings pushed by the server go on top of page 1 when they belong there
 * (highlighted, announced, counted), or wait behind the "N new bookings" pill; another host's
 * change replaces that row wherever it is shown; each join after the first reads the pages afresh.
 */
function useLiveBoard(
  supabase: SupabaseClient,
  query: DashboardQuery,
  shownRows: readonly ReservationRow[] | undefined,
) {
  const { t } = useTranslation('admin');
  const nameOf = useBranchName();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReservationRow[]>([]);
  const [highlighted, setHighlighted] = useState<ReadonlySet<number>>(new Set());
  const [announcements, setAnnouncements] = useState<Announcement[]>([]);
  const announce = useCallback((text: string) => setAnnouncements((lines) => withAnnouncement(lines, text)), []);
  const current = useRef(query);
  current.current = query;
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const highlight = useCallback((ids: readonly number[]) => {
    if (ids.length === 0) return;
    setHighlighted((set) => new Set([...set, ...ids]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setHighlighted((set) => new Set([...set].filter((id) => !ids.includes(id))));
    }, highlightMs);
    timers.current.add(timer);
  }, []);
  useEffect(() => {
    const pendingTimers = timers.current;
    return () => {
      for (const timer of pendingTimers) clearTimeout(timer);
    };
  }, []);

  const status = useLiveReservations(supabase, {
    inserted(row) {
      const shown = current.current;
      const key = reservationsQueryOptions(supabase, shown).queryKey;
      const page = queryClient.getQueryData<ReservationPage>(key);
      const about = { name: row.name, count: row.guests, branch: nameOf(row.branch) };
      // Every other page has moved by one row: read them again when they are next shown.
      void queryClient.invalidateQueries({ queryKey: reservationPagesKey, refetchType: 'none' });
      if (page && showsOnPage(row, shown)) {
        queryClient.setQueryData<ReservationPage>(key, withNewBooking(page, row));
        highlight([row.id]);
        announce(t('live.announceShown', about));
      } else {
        setPending((rows) => (rows.some((r) => r.id === row.id) ? rows : [...rows, row]));
        announce(t('live.announceWaiting', about));
      }
    },
    updated(row) {
      void queryClient.invalidateQueries({ queryKey: reservationHistoryKey });
      queryClient.setQueriesData<ReservationPage>({ queryKey: reservationPagesKey }, (page) =>
        page ? withUpdatedRow(page, row) : page,
      );
      setPending((rows) => rows.map((r) => (r.id === row.id ? row : r)));
    },
    resync() {
      void queryClient.invalidateQueries({ queryKey: reservationPagesKey });
    },
  });

  // Waiting bookings that are now on screen (the host went to page 1, or used the pill).
  useEffect(() => {
    if (!shownRows || pending.length === 0) return;
    const onScreen = pending.filter((row) => shownRows.some((shown) => shown.id === row.id)).map((row) => row.id);
    if (onScreen.length === 0) return;
    setPending((rows) => rows.filter((row) => !onScreen.includes(row.id)));
    highlight(onScreen);
  }, [shownRows, pending, highlight]);

  return { status, pending, highlighted, announcements };
}

function DashboardScreen() {
  const { t } = useTranslation('admin');
  return (
    <StaffScreen
      title={t('dashboard.title')}
      subtitle={t('dashboard.subtitle')}
      notAuthorised={(email) => t('dashboard.notAuthorised', { email })}
    >
      {(supabase, claims) => <ReservationsBoard supabase={supabase} claims={claims} />}
    </StaffScreen>
  );
}

export function DashboardPage() {
  return (
    <VisitCache queries={{ staleTime: 15_000, refetchOnWindowFocus: true, refetchInterval: 60_000 }}>
      <DashboardScreen />
    </VisitCache>
  );
}
