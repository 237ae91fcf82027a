/**
 * The timeline's grid and its moves. Plain DOM: one row per table with its bars placed by
 * minutes (no library, a few KB), the step lines drawn by a CSS gradient rather than one element
 * per cell, so a branch of 60 tables and 300 bookings stays light on a tablet.
 *
 * A move is shown where it is going (a ghost bar) while the database decides: a drop, Enter after
 * the arrow keys, or "Move to…". A new time is an ordinary update of the booking's time (the
 * database moves its holds or refuses); a new table is assign_tables. A refusal is shown with
 * the database's message and the bar goes back where it was.
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  type KeyboardEvent,
  memo,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatLongDate } from '../../../../domain/format-dong.ts';
import { useBranchName, useLanguage } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { formatTime12h } from '../../../shared/lib/restaurant-date.ts';
import type { DayBooking } from '../host-view/api/branch-day.ts';
import { assignTables, moveTime } from '../host-view/api/host-actions.ts';
import { minutesIntoDayIn } from '../host-view/host-view-params.ts';
import type { HostScreenProps } from '../host-view/host-view-screen.tsx';
import { MoveDialog, type MoveUnit } from './move-dialog.tsx';
import styles from './timeline.module.css';
import {
  layoutTimeline,
  minuteReader,
  minutesOfSlot,
  slotOfMinutes,
  snapToStep,
  stepMinutes,
  turnMinutesFor,
} from './timeline-layout.ts';

const stepPx = 40;
const pxPerMinute = stepPx / stepMinutes;
/** Pixels a pointer travels before a press becomes a drag (a tap opens "Move to…"). */
const dragThreshold = 6;

/** Where a booking is going: other tables (undefined: its own) and a start minute. */
interface Target {
  tableIds: string[] | undefined;
  start: number;
}

interface Moving {
  booking: DayBooking;
  /** The row it is dragged from (undefined: from the tray). */
  fromTableId: string | undefined;
  /** Its start and length now, in minutes. */
  start: number;
  length: number;
  target: Target;
  saving: boolean;
}

export function Timeline({ supabase, view, floor, day }: HostScreenProps) {
  const { t } = useTranslation('timeline');
  const language = useLanguage();
  const branchName = useBranchName();
  const queryClient = useQueryClient();
  const minuteOf = useMemo(() => minuteReader(floor.timeZone, view.date), [floor.timeZone, view.date]);
  const layout = useMemo(() => layoutTimeline(floor, day, minuteOf), [floor, day, minuteOf]);
  const tableName = useMemo(() => new Map(floor.tables.map((table) => [table.id, table.name])), [floor.tables]);
  const rowOrder = useMemo(() => floor.tables.map((table) => table.id), [floor.tables]);
  const width = layout.steps.length * stepPx;

  const [moving, setMovingState] = useState<Moving | null>(null);
  const movingRef = useRef<Moving | null>(null);
  const setMoving = useCallback((next: Moving | null) => {
    movingRef.current = next;
    setMovingState(next);
  }, []);
  const [announcement, setAnnouncement] = useState('');
  const [dialog, setDialog] = useState<{ booking: DayBooking; tableIds: string[]; start: number } | null>(null);

  // The "now" line, on today only, moving each half minute.
  const [nowMinute, setNowMinute] = useState(() => minutesIntoDayIn(floor.timeZone, new Date()));
  useEffect(() => {
    const timer = setInterval(() => setNowMinute(minutesIntoDayIn(floor.timeZone, new Date())), 30_000);
    return () => clearInterval(timer);
  }, [floor.timeZone]);
  const isToday = view.date === view.today;

  // Today opens an hour before now, as a host at the door wants it; another day at its opening.
  const scroller = useRef<HTMLElement>(null);
  const scrolledFor = useRef('');
  useEffect(() => {
    const key = `${view.branch}|${view.date}`;
    if (scrolledFor.current === key || !scroller.current) return;
    // A grid just drawn starts at its left edge already.
    const fresh = scrolledFor.current === '';
    scrolledFor.current = key;
    const left = isToday ? Math.max(0, (nowMinute - 60 - layout.start) * pxPerMinute) : 0;
    // Setting scrollLeft lays the whole grid out there and then (the first render's largest cost
    // in the bench's profile): not when it changes nothing.
    if (!fresh || left !== 0) scroller.current.scrollLeft = left;
  }, [view.branch, view.date, isToday, nowMinute, layout.start]);

  const timeText = (minutes: number) => {
    const slot = slotOfMinutes(minutes);
    return language === 'vi' ? slot : formatTime12h(slot);
  };
  const tablesText = (ids: readonly string[]) =>
    t('tables', { names: ids.map((id) => tableName.get(id) ?? '?').join(' + ') });
  const late = (booking: DayBooking) =>
    booking.status === 'booked' &&
    isToday &&
    booking.slot !== undefined &&
    nowMinute >= minutesOfSlot(booking.slot) + stepMinutes;
  const statusText = (booking: DayBooking) =>
    late(booking) ? `${t(`status.${booking.status}`)}, ${t('status.late')}` : t(`status.${booking.status}`);
  const heldTables = (booking: DayBooking) => booking.holds.filter((hold) => hold.holds).map((hold) => hold.tableId);
  const bookedMinute = (booking: DayBooking) =>
    booking.slot === undefined ? layout.start : minutesOfSlot(booking.slot);
  const detailText = (booking: DayBooking) => {
    const tables = heldTables(booking);
    return t('barDetail', {
      guests: booking.guests,
      time: timeText(bookedMinute(booking)),
      tables: tables.length > 0 ? tablesText(tables) : t('noTable'),
    });
  };

  const focusBooking = (id: number) =>
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-booking-id="${id}"]`)?.focus());

  /** Asks the database for the move; shows the refusal and puts the bar back when it says no. */
  const commit = async (move: Moving, restoreFocus: boolean) => {
    const { booking, target } = move;
    const timeChanged = target.start !== move.start;
    const tableIds = target.tableIds;
    if (!timeChanged && tableIds === undefined) {
      setMoving(null);
      return;
    }
    setMoving({ ...move, saving: true });
    try {
      if (timeChanged) await moveTime(supabase, booking, slotOfMinutes(target.start));
      if (tableIds !== undefined) await assignTables(supabase, booking.id, tableIds);
      setAnnouncement(
        t('moved', {
          name: booking.name,
          tables: tablesText(tableIds ?? heldTables(booking)),
          time: timeText(target.start),
        }),
      );
    } catch (error) {
      notify.error(t('refused', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['host-view', 'day', view.branch] });
      setMoving(null);
      if (restoreFocus) focusBooking(booking.id);
    }
  };

  // Dragging, with a mouse, a pen or a finger (pointer events; bars take no touch scrolling).
  const press = useRef<{ pointerId: number; x: number; y: number; moved: boolean } | null>(null);
  const dragged = useRef(false);
  const onPointerDown = (
    event: ReactPointerEvent<HTMLElement>,
    booking: DayBooking,
    fromTableId: string | undefined,
    start: number,
    length: number,
  ) => {
    if ((event.pointerType === 'mouse' && event.button !== 0) || movingRef.current?.saving) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    press.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
    dragged.current = false;
    movingRef.current = { booking, fromTableId, start, length, target: { tableIds: undefined, start }, saving: false };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = press.current;
    const move = movingRef.current;
    if (!current || !move || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.x;
    if (!current.moved && Math.hypot(dx, event.clientY - current.y) < dragThreshold) return;
    current.moved = true;
    const row = document
      .elementsFromPoint(event.clientX, event.clientY)
      .map((element) => element.closest<HTMLElement>('[data-row-table]'))
      .find((element) => element !== null);
    const over = row?.dataset.rowTable;
    const tableIds = over === undefined || over === move.fromTableId ? undefined : [over];
    // From the tray a booking keeps its time; a bar moves in time with the pointer.
    const start = move.fromTableId === undefined ? move.start : snapToStep(move.start + dx / pxPerMinute);
    if (move.fromTableId === undefined && tableIds === undefined) {
      setMoving({ ...move, target: { tableIds: undefined, start: move.start } });
      return;
    }
    setMoving({ ...move, target: { tableIds, start } });
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    press.current = null;
    const move = movingRef.current;
    if (!current.moved || !move) {
      movingRef.current = moving;
      return;
    }
    dragged.current = true;
    void commit(move, false);
  };
  const onPointerCancel = () => {
    press.current = null;
    setMoving(null);
  };

  // The keyboard: arrows move the ghost by a step or a row, Enter asks, Escape puts it back.
  const onKeyDown = (
    event: KeyboardEvent<HTMLElement>,
    booking: DayBooking,
    fromTableId: string | undefined,
    start: number,
    length: number,
  ) => {
    const current = movingRef.current?.booking.id === booking.id ? movingRef.current : null;
    if (current?.saving) return;
    const base: Moving = current ?? {
      booking,
      fromTableId,
      start,
      length,
      target: { tableIds: undefined, start },
      saving: false,
    };
    const row = base.target.tableIds?.[0] ?? fromTableId;
    let target: Target | undefined;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      const step = event.key === 'ArrowLeft' ? -stepMinutes : stepMinutes;
      target = { ...base.target, start: base.target.start + step };
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      const index = row === undefined ? -1 : rowOrder.indexOf(row);
      const next = rowOrder[Math.min(rowOrder.length - 1, Math.max(0, index + (event.key === 'ArrowUp' ? -1 : 1)))];
      target = { ...base.target, tableIds: next === undefined || next === fromTableId ? undefined : [next] };
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      void commit(current, true);
      return;
    } else if (event.key === 'Escape' && current) {
      event.preventDefault();
      setMoving(null);
      setAnnouncement('');
      return;
    }
    if (target === undefined) return;
    event.preventDefault();
    setMoving({ ...base, target });
    setAnnouncement(
      t('moving', {
        name: booking.name,
        tables: tablesText(target.tableIds ?? (fromTableId === undefined ? [] : heldTables(booking))),
        time: timeText(target.start),
      }),
    );
  };

  const onClick = (booking: DayBooking, start: number) => {
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    setDialog({ booking, tableIds: heldTables(booking), start });
  };

  const units: MoveUnit[] = useMemo(
    () => [
      ...floor.tables.map((table) => ({
        key: table.id,
        name: table.name,
        tableIds: [table.id],
        seats: table.min_seats === table.max_seats ? `${table.max_seats}` : `${table.min_seats}–${table.max_seats}`,
      })),
      ...floor.combinations.map((combination) => ({
        key: combination.id,
        name: combination.name,
        tableIds: combination.tableIds,
        seats: `${combination.min_seats}–${combination.max_seats}`,
      })),
    ],
    [floor.tables, floor.combinations],
  );

  // Where the ghost of a move is drawn.
  const ghostRow = moving ? (moving.target.tableIds?.[0] ?? moving.fromTableId) : undefined;
  const ghostMoved = moving !== null && (moving.target.tableIds !== undefined || moving.target.start !== moving.start);

  // The bars' handlers, one stable set for all: a drag re-renders the ghost, not 300 bars.
  const latest = useRef({ onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onKeyDown, onClick });
  latest.current = { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onKeyDown, onClick };
  const handlers = useMemo<BarHandlers>(
    () => ({
      down: (event, bar) => latest.current.onPointerDown(event, bar.booking, bar.fromTableId, bar.start, bar.length),
      move: (event) => latest.current.onPointerMove(event),
      up: (event) => latest.current.onPointerUp(event),
      cancel: () => latest.current.onPointerCancel(),
      key: (event, bar) => latest.current.onKeyDown(event, bar.booking, bar.fromTableId, bar.start, bar.length),
      click: (bar) => latest.current.onClick(bar.booking, bar.start),
      blur: (bar) => {
        const current = movingRef.current;
        if (current?.booking.id === bar.booking.id && !current.saving && !press.current) setMoving(null);
      },
    }),
    [setMoving],
  );
  // Each bar's words, made once per booking until the words can change (language, tables, the
  // clock, the grid's start): the page renders again for its live status, a move's ghost or a
  // dialog, and 300 bars' texts made each time were a good part of a render on a tablet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are what the words are made from (through the helpers above)
  const words = useMemo(
    () => new WeakMap<DayBooking, { late: boolean; detail: string; status: string }>(),
    [t, language, tableName, isToday, nowMinute, layout.start],
  );
  const wordsOf = (booking: DayBooking) => {
    let made = words.get(booking);
    if (made === undefined) {
      made = { late: late(booking), detail: detailText(booking), status: statusText(booking) };
      words.set(booking, made);
    }
    return made;
  };
  const barOf = (booking: DayBooking, fromTableId: string | undefined, start: number, length: number) => ({
    booking,
    fromTableId,
    start,
    length,
    moving: moving?.booking.id === booking.id && ghostMoved,
    ...wordsOf(booking),
    handlers,
  });

  const hourLabels = layout.steps.filter((step) => step % 60 === 0);
  const dateText = formatLongDate(view.date, language);

  return (
    <>
      <p className={styles.help}>{t('help')}</p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <section className={styles.tray} aria-labelledby="timeline-tray">
        <h2 id="timeline-tray" className={styles.trayTitle}>
          {t('tray')} <span className={styles.count}>{layout.tray.length}</span>
        </h2>
        {layout.tray.length === 0 ? (
          <p className={styles.muted}>{t('trayEmpty')}</p>
        ) : (
          <ul className={styles.trayList}>
            {layout.tray.map((booking) => {
              const start = bookedMinute(booking);
              const length = turnMinutesFor(floor.turnMinutes, booking.guests);
              return (
                <li key={booking.id}>
                  <BarButton className={styles.trayItem} {...barOf(booking, undefined, start, length)} />
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section
        ref={scroller}
        className={styles.scroller}
        aria-label={t('region', { branch: branchName(view.branch), date: dateText })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region is reached by keyboard to scroll it (WCAG 2.1.1).
        tabIndex={0}
      >
        <div className={styles.grid} style={{ width: `calc(var(--label-width) + ${width}px)` }}>
          <div className={styles.head}>
            <div className={styles.headRow}>
              <span className={styles.headLabel}>{t('table')}</span>
              <div className={styles.hours} style={{ width }}>
                {hourLabels.map((step) => (
                  <span key={step} className={styles.hour} style={{ left: (step - layout.start) * pxPerMinute }}>
                    {timeText(step)}
                  </span>
                ))}
              </div>
            </div>
            <div className={styles.headRow}>
              <span className={styles.headLabel}>{t('covers')}</span>
              <div className={styles.counts} style={{ width }} data-testid="covers">
                {layout.covers.map((value, index) => (
                  <span key={layout.steps[index]} className={styles.count} data-zero={value === 0 ? 'true' : undefined}>
                    {value}
                  </span>
                ))}
              </div>
            </div>
            <div className={styles.headRow}>
              <span className={styles.headLabel}>{t('tablesInUse')}</span>
              <div className={styles.counts} style={{ width }} data-testid="tables-in-use">
                {layout.tablesInUse.map((value, index) => (
                  <span key={layout.steps[index]} className={styles.count} data-zero={value === 0 ? 'true' : undefined}>
                    {value}
                  </span>
                ))}
              </div>
            </div>
          </div>
          <div className={styles.body}>
            {floor.areas.map((area) => {
              const tables = floor.tables.filter((table) => table.area_id === area.id);
              if (tables.length === 0) return null;
              return (
                <div key={area.id} className={styles.area}>
                  <h2 className={styles.areaName}>{area.name}</h2>
                  {tables.map((table) => (
                    <div key={table.id} className={styles.row} data-row-table={table.id}>
                      <div className={styles.rowLabel}>
                        <span aria-hidden="true">
                          {table.name} <span className={styles.seats}>{table.max_seats}</span>
                        </span>
                        <span className="visually-hidden">
                          {t('tableLabel', { name: table.name, seats: table.max_seats })}
                        </span>
                      </div>
                      <div className={styles.track} style={{ width }}>
                        {(layout.barsByTable.get(table.id) ?? []).map((bar) => (
                          <BarButton
                            key={bar.booking.id}
                            className={styles.bar}
                            left={(bar.start - layout.start) * pxPerMinute}
                            width={(bar.end - bar.start) * pxPerMinute - 2}
                            {...barOf(bar.booking, table.id, bar.start, bar.end - bar.start)}
                          />
                        ))}
                        {moving && ghostMoved && ghostRow === table.id ? (
                          <div
                            className={styles.ghost}
                            aria-hidden="true"
                            data-saving={moving.saving ? 'true' : undefined}
                            style={{
                              left: (moving.target.start - layout.start) * pxPerMinute,
                              width: moving.length * pxPerMinute - 2,
                            }}
                          >
                            {moving.booking.name} · {timeText(moving.target.start)}
                          </div>
                        ) : null}
                      </div>
                    </div>
                  ))}
                </div>
              );
            })}
            {isToday && nowMinute >= layout.start && nowMinute <= layout.end ? (
              <div
                className={styles.now}
                style={{ left: `calc(var(--label-width) + ${(nowMinute - layout.start) * pxPerMinute}px)` }}
                aria-hidden="true"
                data-testid="now-line"
              >
                <span className={styles.nowLabel}>{t('now')}</span>
              </div>
            ) : null}
          </div>
        </div>
      </section>
      {dialog ? (
        <MoveDialog
          booking={dialog.booking}
          units={units}
          steps={layout.steps}
          currentTableIds={dialog.tableIds}
          currentStart={dialog.start}
          timeText={timeText}
          onClose={() => setDialog(null)}
          onMove={(target) => {
            const { booking, tableIds, start } = dialog;
            setDialog(null);
            const same =
              target.tableIds !== undefined &&
              target.tableIds.length === tableIds.length &&
              target.tableIds.every((id) => tableIds.includes(id));
            void commit(
              {
                booking,
                fromTableId: tableIds[0],
                start,
                length: turnMinutesFor(floor.turnMinutes, booking.guests),
                target: { tableIds: same ? undefined : target.tableIds, start: target.start },
                saving: false,
              },
              true,
            );
          }}
        />
      ) : null}
    </>
  );
}

interface BarData {
  booking: DayBooking;
  fromTableId: string | undefined;
  start: number;
  length: number;
}

interface BarHandlers {
  down(event: ReactPointerEvent<HTMLElement>, bar: BarData): void;
  move(event: ReactPointerEvent<HTMLElement>): void;
  up(event: ReactPointerEvent<HTMLElement>): void;
  cancel(): void;
  key(event: KeyboardEvent<HTMLElement>, bar: BarData): void;
  click(bar: BarData): void;
  blur(bar: BarData): void;
}

/**
 * One booking's bar (or tray item). Its text is also its accessible name ("Nguyễn Thu Hà, party of
 * 4, 7:00 PM, Table 4, booked"): what is seen is what is read, and the status stays in view
 * however short the bar (the details before it give way). Memoised: only bars whose booking,
 * place or words change render again.
 */
const BarButton = memo(function BarButton(
  props: BarData & {
    className: string | undefined;
    left?: number;
    width?: number;
    moving: boolean;
    late: boolean;
    detail: string;
    status: string;
    handlers: BarHandlers;
  },
) {
  const { booking, handlers } = props;
  const bar: BarData = { booking, fromTableId: props.fromTableId, start: props.start, length: props.length };
  return (
    <button
      type="button"
      className={props.className}
      data-booking-id={booking.id}
      data-status={booking.status}
      data-late={props.late ? 'true' : undefined}
      data-moving={props.moving ? 'true' : undefined}
      style={props.left === undefined ? undefined : { left: props.left, width: props.width }}
      onPointerDown={(event) => handlers.down(event, bar)}
      onPointerMove={handlers.move}
      onPointerUp={handlers.up}
      onPointerCancel={handlers.cancel}
      onKeyDown={(event) => handlers.key(event, bar)}
      onClick={() => handlers.click(bar)}
      onBlur={() => handlers.blur(bar)}
    >
      <span className={styles.barName}>
        {booking.name}
        {/* Read, not seen: an inline comma (a visually hidden element would be read with a space before it). */}
        <span className={styles.comma}>,</span>
      </span>
      <span className={styles.barMeta}>
        <span className={styles.barDetail}>{props.detail}</span>{' '}
        <span className={styles.barStatus}>{props.status}</span>
      </span>
    </button>
  );
});
