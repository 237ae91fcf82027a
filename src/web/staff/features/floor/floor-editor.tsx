/**
 * The floor editor's drawing: each area as an SVG plan, its tables dragged, resized and turned by
 * their handles or from the keyboard (arrow keys move, Shift+arrows resize, R turns), and a panel
 * for the chosen table's name, seats, whether guests may book it online, its area and its exact
 * place. Combinations and areas are edited below. Nothing is stored until "Save floor": the whole
 * drawing is checked with the floor files' schema, then saved by save_floor, and any problem is
 * shown here while the drawing stays as it was.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { Fragment, type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import adminStyles from '../admin/admin.module.css';
import {
  checkDraft,
  type Draft,
  type DraftArea,
  type DraftTable,
  FloorRefusedError,
  saveFloor,
} from './api/floor-plan.ts';
import { isProblemReason, type Problem, problemsOf } from './draft-problems.ts';
import styles from './floor.module.css';
import {
  type Box,
  freeSpot,
  grid,
  intoBoxFrame,
  moveBy,
  moveTo,
  normaliseRotation,
  resizeBy,
  rotateBy,
  rotationStep,
  rotationTowards,
  snap,
  viewBoxOf,
} from './geometry.ts';
import { TableShape, TableText } from './table-shape.tsx';

const editMargin = 100;
let counter = 0;
const newKey = () => `new-${++counter}`;

type Gesture =
  | { kind: 'move'; key: string; from: { x: number; y: number }; start: Box; moved: boolean }
  | { kind: 'resize'; key: string }
  | { kind: 'rotate'; key: string };

/** A point of the pointer in the plan's units. */
function planPoint(svg: SVGSVGElement, event: PointerEvent): { x: number; y: number } {
  const matrix = svg.getScreenCTM();
  if (!matrix) return { x: 0, y: 0 };
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  return { x: point.x, y: point.y };
}

function nextTableName(draft: Draft): string {
  const names = new Set(draft.areas.flatMap((a) => a.tables.map((t) => t.name)));
  for (let n = 1; ; n += 1) if (!names.has(`T${n}`)) return `T${n}`;
}

export function FloorEditor(props: { supabase: SupabaseClient; branch: string; initial: Draft; onSaved: () => void }) {
  const { t } = useTranslation('floor');
  const [draft, setDraft] = useState(props.initial);
  const [selected, setSelected] = useState<string | undefined>(props.initial.areas[0]?.tables[0]?.key);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const keysHelp = useId();
  const gesture = useRef<Gesture | undefined>(undefined);
  // While a table is dragged its area's frame holds still, so the table follows the pointer; the
  // editor leaves room around the tables to drag into.
  const [heldFrame, setHeldFrame] = useState<{ area: string; frame: ReturnType<typeof viewBoxOf> }>();
  const frameOf = (area: DraftArea) =>
    heldFrame?.area === area.key ? heldFrame.frame : viewBoxOf(area.tables, editMargin);

  const change = (next: (current: Draft) => Draft) => {
    setDraft(next);
    setDirty(true);
  };
  const changeTable = (key: string, update: (table: DraftTable) => DraftTable) =>
    change((current) => ({
      ...current,
      areas: current.areas.map((area) => ({
        ...area,
        tables: area.tables.map((table) => (table.key === key ? update(table) : table)),
      })),
    }));
  const changeArea = (key: string, update: (area: DraftArea) => DraftArea) =>
    change((current) => ({ ...current, areas: current.areas.map((area) => (area.key === key ? update(area) : area)) }));

  const found = draft.areas.flatMap((area) => area.tables.map((table) => ({ area, table })));
  const chosen = found.find((entry) => entry.table.key === selected);

  const addTable = (areaKey: string) => {
    const key = newKey();
    change((current) => {
      const area = current.areas.find((a) => a.key === areaKey);
      const spot = freeSpot(area?.tables ?? [], 80, 80);
      const table: DraftTable = {
        key,
        name: nextTableName(current),
        min_seats: 1,
        max_seats: 4,
        online: true,
        active: true,
        shape: 'rect',
        ...spot,
        width: 80,
        height: 80,
        rotation: 0,
      };
      return {
        ...current,
        areas: current.areas.map((a) => (a.key === areaKey ? { ...a, tables: [...a.tables, table] } : a)),
      };
    });
    setSelected(key);
  };

  const removeTable = (key: string) => {
    change((current) => ({
      areas: current.areas.map((area) => ({ ...area, tables: area.tables.filter((t) => t.key !== key) })),
      combinations: current.combinations.map((c) => ({ ...c, tables: c.tables.filter((k) => k !== key) })),
    }));
    setSelected(undefined);
  };

  const moveToArea = (key: string, areaKey: string) =>
    change((current) => {
      const table = current.areas.flatMap((a) => a.tables).find((t) => t.key === key);
      if (!table) return current;
      return {
        ...current,
        areas: current.areas.map((area) => {
          const without = area.tables.filter((t) => t.key !== key);
          return area.key === areaKey ? { ...area, tables: [...without, table] } : { ...area, tables: without };
        }),
      };
    });

  const addArea = () => {
    const names = new Set(draft.areas.map((a) => a.name));
    let name = t('edit.newArea');
    for (let n = 2; names.has(name); n += 1) name = `${t('edit.newArea')} ${n}`;
    change((current) => ({ ...current, areas: [...current.areas, { key: newKey(), name, tables: [] }] }));
  };

  const onTableKey = (event: KeyboardEvent, table: DraftTable) => {
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const arrow = arrows[event.key];
    if (arrow) {
      event.preventDefault();
      const step = event.altKey ? 1 : grid;
      if (event.shiftKey) changeTable(table.key, (t) => resizeBy(t, arrow[0] * step, arrow[1] * step));
      else changeTable(table.key, (t) => moveBy(t, arrow[0] * step, arrow[1] * step));
    } else if (event.key === 'r' || event.key === 'R') {
      event.preventDefault();
      changeTable(table.key, (t) => rotateBy(t, event.shiftKey ? -rotationStep : rotationStep));
    }
  };

  const onPointerDown = (event: PointerEvent, table: DraftTable, kind: Gesture['kind']) => {
    const svg = (event.currentTarget as SVGElement).ownerSVGElement;
    if (!svg || event.button !== 0) return;
    event.stopPropagation();
    setSelected(table.key);
    const area = draft.areas.find((a) => a.tables.some((t) => t.key === table.key));
    if (area) setHeldFrame({ area: area.key, frame: frameOf(area) });
    (event.currentTarget as SVGElement).setPointerCapture(event.pointerId);
    gesture.current =
      kind === 'move'
        ? { kind, key: table.key, from: planPoint(svg, event), start: table, moved: false }
        : { kind, key: table.key };
  };
  const onPointerMove = (event: PointerEvent) => {
    const current = gesture.current;
    const svg = (event.currentTarget as SVGElement).ownerSVGElement;
    if (!current || !svg) return;
    const point = planPoint(svg, event);
    if (current.kind === 'move') {
      const dx = point.x - current.from.x;
      const dy = point.y - current.from.y;
      // A tap is not a drag: a few units of jitter leave the table where it is.
      if (!current.moved && Math.hypot(dx, dy) < 4) return;
      current.moved = true;
      changeTable(current.key, (t) => moveTo(t, current.start.x + dx, current.start.y + dy));
    } else if (current.kind === 'resize') {
      changeTable(current.key, (t) => {
        const local = intoBoxFrame(t, point.x, point.y);
        return resizeBy(t, snap(local.x - t.x) - t.width, snap(local.y - t.y) - t.height);
      });
    } else {
      changeTable(current.key, (t) => ({ ...t, rotation: rotationTowards(t, point.x, point.y) }));
    }
  };
  const onPointerUp = () => {
    gesture.current = undefined;
    setHeldFrame(undefined);
  };

  const save = async () => {
    const checked = checkDraft(draft);
    if (!checked.success) {
      const found = problemsOf(draft, checked.error.issues);
      setProblems(found.map((p) => problemText(p)));
      const withTable = found.find((p) => p.tableKey);
      if (withTable?.tableKey) setSelected(withTable.tableKey);
      return;
    }
    setSaving(true);
    try {
      const count = await saveFloor(props.supabase, props.branch, checked.data);
      setProblems([]);
      setDirty(false);
      notify.success(t('edit.saved', { count }));
      props.onSaved();
    } catch (error) {
      setProblems([refusalText(error)]);
    } finally {
      setSaving(false);
    }
  };

  const problemText = (problem: Problem) =>
    t(`edit.problems.${problem.reason}`, { name: problem.name, table: problem.table ?? '' });
  const refusalText = (error: unknown) => {
    if (error instanceof FloorRefusedError) {
      if (isProblemReason(error.reason)) return problemText({ reason: error.reason, name: error.subject ?? '' });
      if (error.code === '42501') return t('edit.notOwner');
    }
    return t('edit.saveFailed', { message: error instanceof Error ? error.message : String(error) });
  };

  const tableKeys = draft.areas.flatMap((a) => a.tables.map((tb) => tb.key));
  const tableName = (key: string) => found.find((e) => e.table.key === key)?.table.name ?? key;

  return (
    <div className={styles.editor}>
      <p id={keysHelp} className={adminStyles.muted}>
        {t('edit.keysHelp')}
      </p>
      <div className={styles.editorLayout}>
        <div className={styles.areas}>
          {draft.areas.length === 0 ? <p role="status">{t('edit.noAreas')}</p> : null}
          {draft.areas.map((area) => {
            const frame = frameOf(area);
            return (
              <section key={area.key} className={`${adminStyles.card} ${styles.area}`} aria-label={area.name}>
                <div className={styles.areaHead}>
                  <label className={styles.inline}>
                    <span>{t('edit.areaName')}</span>
                    <input
                      value={area.name}
                      maxLength={60}
                      onChange={(event) => changeArea(area.key, (a) => ({ ...a, name: event.target.value }))}
                    />
                  </label>
                  <Button variant="secondary" onClick={() => addTable(area.key)}>
                    {t('edit.addTable', { area: area.name })}
                  </Button>
                  {area.tables.length === 0 ? (
                    <Button
                      variant="ghost"
                      onClick={() =>
                        change((current) => ({ ...current, areas: current.areas.filter((a) => a.key !== area.key) }))
                      }
                    >
                      {t('edit.removeArea', { area: area.name })}
                    </Button>
                  ) : null}
                </div>
                {/* biome-ignore lint/a11y/useSemanticElements: an SVG plan cannot be a fieldset; the group names its tables' area */}
                <svg
                  className={styles.plan}
                  viewBox={`${frame.x} ${frame.y} ${frame.width} ${frame.height}`}
                  role="group"
                  aria-label={t('edit.planLabel', { area: area.name })}
                >
                  <rect x={0} y={0} width={frame.width} height={frame.height} className={styles.planFloor} />
                  {area.tables.map((table) => {
                    const isSelected = table.key === selected;
                    const cx = table.x + table.width / 2;
                    const cy = table.y + table.height / 2;
                    return (
                      <Fragment key={table.key}>
                        {/* biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it takes the role, focus and keys of one */}
                        <g
                          transform={`rotate(${table.rotation} ${cx} ${cy})`}
                          role="button"
                          tabIndex={0}
                          aria-pressed={isSelected}
                          aria-describedby={keysHelp}
                          aria-label={t('edit.tableLabel', {
                            name: table.name,
                            min: table.min_seats,
                            max: table.max_seats,
                            x: table.x,
                            y: table.y,
                            rotation: table.rotation,
                          })}
                          data-table={table.name}
                          className={styles.editTable}
                          onFocus={() => setSelected(table.key)}
                          onKeyDown={(event) => onTableKey(event, table)}
                          onPointerDown={(event) => onPointerDown(event, table, 'move')}
                          onPointerMove={onPointerMove}
                          onPointerUp={onPointerUp}
                          onPointerCancel={onPointerUp}
                        >
                          <TableShape
                            box={table}
                            shape={table.shape}
                            tone={[isSelected ? styles.selected : '', table.active ? '' : styles.inactive].join(' ')}
                          />
                          {isSelected ? (
                            // A button's content is presentational: the handles are for pointers, the keys do the same.
                            <g>
                              <line x1={cx} y1={table.y} x2={cx} y2={table.y - 26} className={styles.handleLine} />
                              <circle
                                cx={cx}
                                cy={table.y - 30}
                                r={9}
                                className={styles.handle}
                                data-handle="rotate"
                                onPointerDown={(event) => onPointerDown(event, table, 'rotate')}
                                onPointerMove={onPointerMove}
                                onPointerUp={onPointerUp}
                              />
                              <rect
                                x={table.x + table.width - 8}
                                y={table.y + table.height - 8}
                                width={16}
                                height={16}
                                className={styles.handle}
                                data-handle="resize"
                                onPointerDown={(event) => onPointerDown(event, table, 'resize')}
                                onPointerMove={onPointerMove}
                                onPointerUp={onPointerUp}
                              />
                            </g>
                          ) : null}
                        </g>
                        <TableText
                          box={table}
                          name={table.name}
                          detail={t('edit.seatsShort', { min: table.min_seats, max: table.max_seats })}
                        />
                      </Fragment>
                    );
                  })}
                </svg>
              </section>
            );
          })}
          <Button variant="secondary" onClick={addArea}>
            {t('edit.addArea')}
          </Button>
        </div>

        <aside className={`${adminStyles.card} ${styles.panel}`} aria-label={t('edit.tablePanel')}>
          {chosen ? (
            <TablePanel
              key={chosen.table.key}
              table={chosen.table}
              areaKey={chosen.area.key}
              areas={draft.areas}
              onChange={(update) => changeTable(chosen.table.key, update)}
              onArea={(areaKey) => moveToArea(chosen.table.key, areaKey)}
              onRemove={() => removeTable(chosen.table.key)}
            />
          ) : (
            <p className={adminStyles.muted}>{t('edit.noTableChosen')}</p>
          )}
        </aside>
      </div>

      <section className={adminStyles.card} aria-labelledby="combinations-title">
        <h2 id="combinations-title" className={adminStyles.cardTitle}>
          {t('edit.combinations')}
        </h2>
        <p className={adminStyles.muted}>{t('edit.combinationsHelp')}</p>
        {draft.combinations.map((combo) => (
          <fieldset key={combo.key} className={styles.combination}>
            <legend>{combo.name.trim() || t('edit.unnamedCombination')}</legend>
            <div className={styles.fieldRow}>
              <label className={styles.inline}>
                <span>{t('edit.combinationName')}</span>
                <input
                  value={combo.name}
                  maxLength={60}
                  onChange={(event) =>
                    change((current) => ({
                      ...current,
                      combinations: current.combinations.map((c) =>
                        c.key === combo.key ? { ...c, name: event.target.value } : c,
                      ),
                    }))
                  }
                />
              </label>
              {(['min_seats', 'max_seats'] as const).map((field) => (
                <label key={field} className={styles.inline}>
                  <span>{t(`edit.${field}`)}</span>
                  <input
                    type="number"
                    min={1}
                    max={200}
                    value={combo[field]}
                    onChange={(event) =>
                      change((current) => ({
                        ...current,
                        combinations: current.combinations.map((c) =>
                          c.key === combo.key ? { ...c, [field]: event.target.valueAsNumber } : c,
                        ),
                      }))
                    }
                  />
                </label>
              ))}
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={combo.online}
                  onChange={(event) =>
                    change((current) => ({
                      ...current,
                      combinations: current.combinations.map((c) =>
                        c.key === combo.key ? { ...c, online: event.target.checked } : c,
                      ),
                    }))
                  }
                />
                <span>{t('edit.online')}</span>
              </label>
            </div>
            <fieldset className={styles.members}>
              <legend>{t('edit.combinationTables')}</legend>
              {tableKeys.map((key) => (
                <label key={key} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={combo.tables.includes(key)}
                    onChange={(event) =>
                      change((current) => ({
                        ...current,
                        combinations: current.combinations.map((c) =>
                          c.key === combo.key
                            ? {
                                ...c,
                                tables: event.target.checked ? [...c.tables, key] : c.tables.filter((k) => k !== key),
                              }
                            : c,
                        ),
                      }))
                    }
                  />
                  <span>{tableName(key)}</span>
                </label>
              ))}
            </fieldset>
            <Button
              variant="ghost"
              onClick={() =>
                change((current) => ({
                  ...current,
                  combinations: current.combinations.filter((c) => c.key !== combo.key),
                }))
              }
            >
              {t('edit.removeCombination', { name: combo.name })}
            </Button>
          </fieldset>
        ))}
        <Button
          variant="secondary"
          onClick={() =>
            change((current) => ({
              ...current,
              combinations: [
                ...current.combinations,
                { key: newKey(), name: '', tables: [], min_seats: 1, max_seats: 8, online: true },
              ],
            }))
          }
        >
          {t('edit.addCombination')}
        </Button>
      </section>

      <div className={styles.saveBar}>
        {problems.length > 0 ? (
          <div role="alert" className={styles.problems}>
            <p>{t('edit.notSaved')}</p>
            <ul>
              {problems.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <p role="status" className={adminStyles.muted}>
          {dirty ? t('edit.unsaved') : t('edit.allSaved')}
        </p>
        <Button onClick={() => void save()} disabled={saving}>
          {saving ? t('edit.saving') : t('edit.save')}
        </Button>
        <Button
          variant="ghost"
          disabled={!dirty || saving}
          onClick={() => {
            setDraft(props.initial);
            setDirty(false);
            setProblems([]);
          }}
        >
          {t('edit.discard')}
        </Button>
      </div>
    </div>
  );
}

/** The chosen table's fields. Numbers apply as typed; the plan follows. */
function TablePanel(props: {
  table: DraftTable;
  areaKey: string;
  areas: DraftArea[];
  onChange: (update: (table: DraftTable) => DraftTable) => void;
  onArea: (areaKey: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('floor');
  const { table } = props;
  const numberField = (field: 'min_seats' | 'max_seats' | 'x' | 'y' | 'width' | 'height' | 'rotation', max: number) => (
    <label className={styles.inline}>
      <span>{t(`edit.${field}`)}</span>
      <input
        type="number"
        min={field === 'x' || field === 'y' || field === 'rotation' ? 0 : 1}
        max={max}
        value={Number.isFinite(table[field]) ? table[field] : ''}
        onChange={(event) => {
          const value = event.target.valueAsNumber;
          props.onChange((current) => ({
            ...current,
            [field]: field === 'rotation' && Number.isFinite(value) ? normaliseRotation(value) : value,
          }));
        }}
      />
    </label>
  );
  return (
    <>
      <h2 className={adminStyles.cardTitle}>{t('edit.tableTitle', { name: table.name })}</h2>
      <div className={styles.panelFields}>
        <label className={styles.inline}>
          <span>{t('edit.tableName')}</span>
          <input
            value={table.name}
            maxLength={30}
            onChange={(event) => props.onChange((current) => ({ ...current, name: event.target.value }))}
          />
        </label>
        {numberField('min_seats', 100)}
        {numberField('max_seats', 100)}
        <label className={styles.inline}>
          <span>{t('edit.shape')}</span>
          <select
            value={table.shape}
            onChange={(event) =>
              props.onChange((current) => ({ ...current, shape: event.target.value === 'round' ? 'round' : 'rect' }))
            }
          >
            <option value="rect">{t('edit.shapes.rect')}</option>
            <option value="round">{t('edit.shapes.round')}</option>
          </select>
        </label>
        <label className={styles.inline}>
          <span>{t('edit.area')}</span>
          <select value={props.areaKey} onChange={(event) => props.onArea(event.target.value)}>
            {props.areas.map((area) => (
              <option key={area.key} value={area.key}>
                {area.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={table.online}
            onChange={(event) => props.onChange((current) => ({ ...current, online: event.target.checked }))}
          />
          <span>{t('edit.online')}</span>
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={table.active}
            onChange={(event) => props.onChange((current) => ({ ...current, active: event.target.checked }))}
          />
          <span>{t('edit.active')}</span>
        </label>
        {numberField('x', 4000)}
        {numberField('y', 4000)}
        {numberField('width', 600)}
        {numberField('height', 600)}
        {numberField('rotation', 359)}
      </div>
      <Button variant="ghost" onClick={props.onRemove}>
        {t('edit.removeTable', { name: table.name })}
      </Button>
    </>
  );
}
