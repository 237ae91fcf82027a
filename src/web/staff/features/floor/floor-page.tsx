/**
 * The floor in service (/admin/floor?branch=…&date=…): each area as drawn, every table's state at a
 * glance — free, reserved within 30 minutes, a late guest, seated with minutes at the table (amber
 * near the end of its turn, red when over) — in colour and in words. Tapping a table (or Enter on
 * it) opens its actions: seat the booking due, seat a walk-in, mark finished, move, undo a seat,
 * no-show a late guest. The next arrivals are listed beside the plan, and the day's waitlist with
 * the door list under them (features/waitlist). Live through the host-view frame (Realtime, no
 * polling); every action is a single call the database checks.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type KeyboardEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatBookingTime } from '../../../../domain/booking-format.ts';
import { paths } from '../../../../domain/routes.ts';
import { useLanguage, useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import adminStyles from '../admin/admin.module.css';
import { GuestSummary } from '../guests/guest-summary.tsx';
import type { DayBooking, DiningTable } from '../host-view/api/branch-day.ts';
import { assignTables, seatWalkIn, setStatus } from '../host-view/api/host-actions.ts';
import { minutesIntoDayIn } from '../host-view/host-view-params.ts';
import { type HostScreenProps, HostViewScreen } from '../host-view/host-view-screen.tsx';
import { DoorList } from '../waitlist/door-list.tsx';
import styles from './floor.module.css';
import { viewBoxOf } from './geometry.ts';
import { TableShape, TableText } from './table-shape.tsx';
import {
  bookingsByTable,
  isLate,
  minutesIntoShownDay,
  slotMinutes,
  type TableState,
  tableState,
} from './table-state.ts';

type Chosen = { kind: 'table'; id: string } | { kind: 'booking'; id: number };

const arrivalsShown = 12;

/** The clock, read again every 30 seconds so minutes at a table and lateness move on. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const toneOf = (state: TableState): string => {
  if (state.kind === 'seated') return styles[`seated_${state.level}`] ?? '';
  return styles[state.kind] ?? '';
};

function FloorService(props: HostScreenProps) {
  const { t } = useTranslation('floor');
  const language = useLanguage();
  const localize = useLocalize();
  const queryClient = useQueryClient();
  const now = useNow();
  const { floor, day, view } = props;
  const [chosen, setChosen] = useState<Chosen | undefined>();
  const [busy, setBusy] = useState(false);
  const panelHeading = useRef<HTMLHeadingElement>(null);

  const nowMinutes = minutesIntoShownDay(
    view.date,
    view.today ?? view.date,
    minutesIntoDayIn(floor.timeZone, new Date(now)),
  );
  const onTable = useMemo(() => bookingsByTable(day.bookings), [day.bookings]);
  // Read again when the day, the floor or the clock moves on; not when a table is chosen.
  const states = useMemo(() => {
    const clock = { now, nowMinutes, resetMinutes: floor.resetMinutes };
    return new Map(floor.tables.map((table) => [table.id, tableState(table.id, onTable.get(table.id) ?? [], clock)]));
  }, [floor.tables, floor.resetMinutes, onTable, now, nowMinutes]);
  const tableNames = useMemo(() => new Map(floor.tables.map((table) => [table.id, table.name])), [floor.tables]);
  const time = (booking: DayBooking) => formatBookingTime(booking.time, booking.period, language);
  const tablesOf = (booking: DayBooking) =>
    booking.holds
      .filter((hold) => hold.holds)
      .map((hold) => tableNames.get(hold.tableId) ?? '?')
      .join('+');

  const stateText = (state: TableState): string => {
    switch (state.kind) {
      case 'seated': {
        const base = t('service.state.seated', { minutes: state.minutes });
        if (state.level === 'over') return `${base}, ${t('service.state.over', { minutes: -state.left })}`;
        if (state.level === 'near') return `${base}, ${t('service.state.near', { minutes: state.left })}`;
        return base;
      }
      case 'late':
        return t('service.state.late', { time: time(state.booking), minutes: state.lateBy });
      case 'soon':
        return t('service.state.soon', { time: time(state.booking) });
      default:
        return state.next ? t('service.state.freeUntil', { time: time(state.next) }) : t('service.state.free');
    }
  };
  const shortText = (state: TableState): string => {
    switch (state.kind) {
      case 'seated':
        return t('service.short.seated', { minutes: state.minutes, guests: state.booking.guests });
      case 'late':
        return t('service.short.late', { minutes: state.lateBy });
      case 'soon':
        return t('service.short.soon', { time: time(state.booking), guests: state.booking.guests });
      default:
        return t('service.short.free');
    }
  };
  const tableLabel = (table: DiningTable, state: TableState): string => {
    const parts = [t('service.tableName', { name: table.name, count: table.max_seats }), stateText(state)];
    if (state.kind !== 'free') {
      parts.push(state.booking.name, t('service.party', { count: state.booking.guests }));
    }
    return parts.join(', ');
  };

  const choose = (next: Chosen) => {
    setChosen(next);
    // The panel's heading takes focus, so a keyboard or screen-reader user lands on the actions.
    requestAnimationFrame(() => panelHeading.current?.focus());
  };

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      notify.success(done);
      await queryClient.invalidateQueries({ queryKey: ['host-view', 'day', view.branch, view.date] });
    } catch (error) {
      // The database's refusal is meant for people (a taken table, a step not allowed).
      notify.error(t('service.refused', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };

  const onTableKey = (event: KeyboardEvent, id: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose({ kind: 'table', id });
    }
  };

  // The next few, in time order (late guests first, as they are earliest); the rest are on the
  // timeline. A busy day's hundreds of buttons would slow every redraw on a tablet.
  const waiting = day.bookings
    .filter((booking) => booking.status === 'booked')
    .sort((a, b) => (slotMinutes(a) ?? 0) - (slotMinutes(b) ?? 0));
  const arrivals = waiting.slice(0, arrivalsShown);

  const pickedBooking = chosen?.kind === 'booking' ? day.bookings.find((b) => b.id === chosen.id) : undefined;
  // A booking seated from the list is then shown on its table, with that table's actions.
  const seatedOn =
    pickedBooking?.status === 'seated' ? pickedBooking.holds.find((hold) => hold.holds)?.tableId : undefined;
  const chosenTableId = chosen?.kind === 'table' ? chosen.id : seatedOn;
  const chosenTable = floor.tables.find((table) => table.id === chosenTableId);
  const chosenBooking = pickedBooking?.status === 'booked' ? pickedBooking : undefined;

  return (
    <div className={styles.service}>
      <div className={styles.serviceHead}>
        <ul className={styles.legend} aria-label={t('service.legend')}>
          {(['free', 'soon', 'late', 'seated_ok', 'seated_near', 'seated_over'] as const).map((kind) => (
            <li key={kind}>
              <span className={`${styles.swatch} ${styles[kind]}`} aria-hidden="true" />
              {t(`service.legendItems.${kind}`)}
            </li>
          ))}
        </ul>
        {props.claims.role === 'owner' ? (
          <Link to={`${localize(paths.adminFloorEdit)}?${new URLSearchParams({ branch: view.branch })}`}>
            {t('service.editLink')}
          </Link>
        ) : null}
      </div>
      <div className={styles.serviceLayout}>
        <div className={styles.areas}>
          {floor.areas.map((area) => {
            const tables = floor.tables.filter((table) => table.area_id === area.id);
            if (tables.length === 0) return null;
            const frame = viewBoxOf(tables);
            return (
              <section
                key={area.id}
                className={`${adminStyles.card} ${styles.area}`}
                aria-labelledby={`area-${area.id}`}
              >
                <h2 id={`area-${area.id}`} className={adminStyles.cardTitle}>
                  {area.name}
                </h2>
                {/* biome-ignore lint/a11y/useSemanticElements: an SVG plan cannot be a fieldset; the group names its tables' area */}
                <svg
                  className={styles.plan}
                  viewBox={`${frame.x} ${frame.y} ${frame.width} ${frame.height}`}
                  role="group"
                  aria-label={t('service.planLabel', { area: area.name })}
                >
                  <rect x={0} y={0} width={frame.width} height={frame.height} className={styles.planFloor} />
                  {tables.map((table) => {
                    const state = states.get(table.id) ?? { kind: 'free', next: undefined };
                    const cx = table.x + table.width / 2;
                    const cy = table.y + table.height / 2;
                    return (
                      <Fragment key={table.id}>
                        {/* biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it takes the role, focus and keys of one */}
                        <g
                          role="button"
                          tabIndex={0}
                          aria-label={tableLabel(table, state)}
                          aria-pressed={chosen?.kind === 'table' && chosen.id === table.id}
                          data-state={state.kind === 'seated' ? `seated-${state.level}` : state.kind}
                          transform={`rotate(${table.rotation} ${cx} ${cy})`}
                          className={styles.serviceTable}
                          onClick={() => choose({ kind: 'table', id: table.id })}
                          onKeyDown={(event) => onTableKey(event, table.id)}
                        >
                          <TableShape
                            box={table}
                            shape={table.shape}
                            tone={[
                              toneOf(state),
                              chosen?.kind === 'table' && chosen.id === table.id ? styles.chosen : '',
                            ].join(' ')}
                          />
                        </g>
                        <TableText box={table} name={table.name} detail={shortText(state)} />
                      </Fragment>
                    );
                  })}
                </svg>
              </section>
            );
          })}
        </div>

        <div className={styles.sideColumn}>
          <section
            className={`${adminStyles.card} ${styles.panel}`}
            aria-labelledby="floor-panel-title"
            aria-busy={busy}
          >
            {chosenTable ? (
              <TableActions
                key={chosenTable.id}
                headingRef={panelHeading}
                table={chosenTable}
                state={states.get(chosenTable.id) ?? { kind: 'free', next: undefined }}
                stateText={stateText(states.get(chosenTable.id) ?? { kind: 'free', next: undefined })}
                props={props}
                busy={busy}
                run={run}
                time={time}
                nowMinutes={nowMinutes}
              />
            ) : chosenBooking ? (
              <BookingActions
                key={chosenBooking.id}
                headingRef={panelHeading}
                booking={chosenBooking}
                tables={tablesOf(chosenBooking)}
                props={props}
                busy={busy}
                run={run}
                time={time}
                late={isLate(chosenBooking, nowMinutes)}
              />
            ) : (
              <>
                <h2 id="floor-panel-title" ref={panelHeading} tabIndex={-1} className={adminStyles.cardTitle}>
                  {t('service.panelTitle')}
                </h2>
                <p className={adminStyles.muted}>{t('service.panelHelp')}</p>
              </>
            )}
          </section>

          <section className={`${adminStyles.card} ${styles.arrivals}`} aria-labelledby="arrivals-title">
            <h2 id="arrivals-title" className={adminStyles.cardTitle}>
              {t('service.arrivals')}
            </h2>
            {arrivals.length === 0 ? (
              <p className={adminStyles.muted}>{t('service.noArrivals')}</p>
            ) : (
              <ul className={styles.arrivalList}>
                {arrivals.map((booking) => {
                  const late = isLate(booking, nowMinutes);
                  const tables = tablesOf(booking);
                  return (
                    <li key={booking.id}>
                      <button
                        type="button"
                        className={styles.arrival}
                        aria-pressed={chosen?.kind === 'booking' && chosen.id === booking.id}
                        onClick={() => choose({ kind: 'booking', id: booking.id })}
                      >
                        <span className={styles.arrivalTime}>{time(booking)}</span>
                        <span className={styles.arrivalName}>{booking.name}</span>
                        <span>{t('service.party', { count: booking.guests })}</span>
                        <span>{tables ? t('service.onTables', { tables }) : t('service.noTables')}</span>
                        {late ? <span className={styles.lateBadge}>{t('service.lateBadge')}</span> : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
            {waiting.length > arrivals.length ? (
              <p className={adminStyles.muted}>
                {t('service.moreArrivals', { count: waiting.length - arrivals.length })}
              </p>
            ) : null}
          </section>

          <DoorList
            supabase={props.supabase}
            branch={view.branch}
            date={view.date}
            isToday={view.date === view.today}
            onSeated={() =>
              void queryClient.invalidateQueries({ queryKey: ['host-view', 'day', view.branch, view.date] })
            }
          />
        </div>
      </div>
    </div>
  );
}

type Run = (action: () => Promise<unknown>, done: string) => Promise<void>;

/** Where a booking may go: each table, and each combination, as the ids assign_tables takes. */
function MoveControl(props: {
  booking: DayBooking;
  floor: HostScreenProps['floor'];
  busy: boolean;
  label: string;
  action: string;
  onMove: (tableIds: string[]) => void;
}) {
  const { t } = useTranslation('floor');
  const [target, setTarget] = useState('');
  const options = [
    ...props.floor.tables.map((table) => ({
      value: table.id,
      label: t('service.unit', { name: table.name, min: table.min_seats, max: table.max_seats }),
    })),
    ...props.floor.combinations.map((combination) => ({
      value: combination.tableIds.join(','),
      label: t('service.unit', { name: combination.name, min: combination.min_seats, max: combination.max_seats }),
    })),
  ];
  return (
    <div className={styles.moveRow}>
      <label className={styles.inline}>
        <span>{props.label}</span>
        <select value={target} onChange={(event) => setTarget(event.target.value)}>
          <option value="">{t('service.chooseTable')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="secondary"
        disabled={props.busy || target === ''}
        onClick={() => props.onMove(target.split(','))}
      >
        {props.action}
      </Button>
    </div>
  );
}

function TableActions(props: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  table: DiningTable;
  state: TableState;
  stateText: string;
  props: HostScreenProps;
  busy: boolean;
  run: Run;
  time: (booking: DayBooking) => string;
  nowMinutes: number;
}) {
  const { t } = useTranslation('floor');
  const { table, state, busy, run } = props;
  const { supabase, view, floor } = props.props;
  const [guests, setGuests] = useState(Math.min(2, table.max_seats));
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const due =
    state.kind === 'late' || state.kind === 'soon' ? state.booking : state.kind === 'free' ? state.next : undefined;
  const canSeatWalkIn = state.kind !== 'seated' && view.date === view.today;

  return (
    <>
      <h2 id="floor-panel-title" ref={props.headingRef} tabIndex={-1} className={adminStyles.cardTitle}>
        {t('service.tableName', { name: table.name, count: table.max_seats })}
      </h2>
      <p className={styles.stateLine}>{props.stateText}</p>
      {state.kind === 'seated' ? (
        <div className={styles.actionGroup}>
          <p>
            {state.booking.name}, {t('service.party', { count: state.booking.guests })}
          </p>
          <GuestSummary supabase={supabase} reservationId={state.booking.id} />
          <Button
            disabled={busy}
            onClick={() =>
              void run(
                () => setStatus(supabase, state.booking.id, 'finished'),
                t('service.done.finished', { name: state.booking.name, table: table.name }),
              )
            }
          >
            {t('service.finish', { name: state.booking.name })}
          </Button>
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() =>
              void run(
                () => setStatus(supabase, state.booking.id, 'booked'),
                t('service.done.undone', { name: state.booking.name }),
              )
            }
          >
            {t('service.undoSeat', { name: state.booking.name })}
          </Button>
          <MoveControl
            booking={state.booking}
            floor={floor}
            busy={busy}
            label={t('service.moveTo', { name: state.booking.name })}
            action={t('service.move')}
            onMove={(ids) =>
              void run(
                () => assignTables(supabase, state.booking.id, ids),
                t('service.done.moved', { name: state.booking.name }),
              )
            }
          />
        </div>
      ) : null}
      {due ? (
        <div className={styles.actionGroup}>
          <p>{t('service.nextHere', { time: props.time(due), name: due.name, count: due.guests })}</p>
          <GuestSummary supabase={supabase} reservationId={due.id} />
          <Button
            disabled={busy}
            onClick={() =>
              void run(
                () => setStatus(supabase, due.id, 'seated'),
                t('service.done.seated', { name: due.name, tables: table.name }),
              )
            }
          >
            {t('service.seat', { name: due.name })}
          </Button>
          {isLate(due, props.nowMinutes) ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                void run(() => setStatus(supabase, due.id, 'no_show'), t('service.done.noShow', { name: due.name }))
              }
            >
              {t('service.noShow', { name: due.name })}
            </Button>
          ) : null}
          <MoveControl
            booking={due}
            floor={floor}
            busy={busy}
            label={t('service.moveTo', { name: due.name })}
            action={t('service.move')}
            onMove={(ids) =>
              void run(() => assignTables(supabase, due.id, ids), t('service.done.moved', { name: due.name }))
            }
          />
        </div>
      ) : null}
      {canSeatWalkIn ? (
        <form
          className={styles.actionGroup}
          aria-labelledby="walk-in-title"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = name.trim();
            const number = mobile.trim();
            void run(
              () =>
                seatWalkIn(supabase, {
                  branch: view.branch,
                  guests,
                  tableIds: [table.id],
                  ...(trimmed ? { name: trimmed } : {}),
                  ...(number ? { mobile: number } : {}),
                }),
              t('service.done.walkIn', { count: guests, table: table.name }),
            );
          }}
        >
          <h3 id="walk-in-title" className={styles.subTitle}>
            {t('service.walkIn')}
          </h3>
          <div className={styles.moveRow}>
            <label className={styles.inline}>
              <span>{t('service.walkInGuests')}</span>
              <input
                type="number"
                min={1}
                max={200}
                required
                value={Number.isFinite(guests) ? guests : ''}
                onChange={(event) => setGuests(event.target.valueAsNumber)}
              />
            </label>
            <label className={styles.inline}>
              <span>{t('service.walkInName')}</span>
              <input value={name} maxLength={120} onChange={(event) => setName(event.target.value)} />
            </label>
            <label className={styles.inline}>
              <span>{t('service.walkInMobile')}</span>
              <input
                type="tel"
                autoComplete="off"
                value={mobile}
                maxLength={32}
                onChange={(event) => setMobile(event.target.value)}
              />
            </label>
          </div>
          <Button type="submit" disabled={busy || !Number.isInteger(guests) || guests < 1}>
            {t('service.seatWalkIn', { table: table.name })}
          </Button>
        </form>
      ) : null}
    </>
  );
}

function BookingActions(props: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  booking: DayBooking;
  tables: string;
  props: HostScreenProps;
  busy: boolean;
  run: Run;
  time: (booking: DayBooking) => string;
  late: boolean;
}) {
  const { t } = useTranslation('floor');
  const { booking, busy, run } = props;
  const { supabase, floor } = props.props;
  return (
    <>
      <h2 id="floor-panel-title" ref={props.headingRef} tabIndex={-1} className={adminStyles.cardTitle}>
        {t('service.bookingTitle', { name: booking.name, count: booking.guests, time: props.time(booking) })}
      </h2>
      <p className={styles.stateLine}>
        {props.tables ? t('service.onTables', { tables: props.tables }) : t('service.noTables')}
        {props.late ? `, ${t('service.lateBadge')}` : ''}
      </p>
      {booking.notes ? <p className={adminStyles.muted}>{booking.notes}</p> : null}
      <GuestSummary supabase={supabase} reservationId={booking.id} />
      <div className={styles.actionGroup}>
        {props.tables ? (
          <Button
            disabled={busy}
            onClick={() =>
              void run(
                () => setStatus(supabase, booking.id, 'seated'),
                t('service.done.seated', { name: booking.name, tables: props.tables }),
              )
            }
          >
            {t('service.seatOn', { tables: props.tables })}
          </Button>
        ) : null}
        <MoveControl
          booking={booking}
          floor={floor}
          busy={busy}
          label={t('service.seatElsewhere')}
          action={t('service.seatThere')}
          onMove={(ids) =>
            void run(
              async () => {
                await assignTables(supabase, booking.id, ids);
                await setStatus(supabase, booking.id, 'seated');
              },
              t('service.done.seated', {
                name: booking.name,
                tables: ids.map((id) => floor.tables.find((table) => table.id === id)?.name ?? '?').join('+'),
              }),
            )
          }
        />
        {props.late ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void run(
                () => setStatus(supabase, booking.id, 'no_show'),
                t('service.done.noShow', { name: booking.name }),
              )
            }
          >
            {t('service.noShow', { name: booking.name })}
          </Button>
        ) : null}
      </div>
    </>
  );
}

export function FloorPage() {
  const { t } = useTranslation('floor');
  return (
    <HostViewScreen title={t('service.title')} subtitle={t('service.subtitle')}>
      {(props) => <FloorService {...props} />}
    </HostViewScreen>
  );
}
