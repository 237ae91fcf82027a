/**
 * One table as drawn on the plan (SVG), for the editor and for service: its shape at its place and
 * size (TableShape, inside the caller's turned, focusable group), and its name and second line
 * (TableText), drawn upright over it beside that group, hidden from screen readers — the table's
 * label says all of it — and letting pointers through to the table.
 */

import styles from './floor.module.css';
import type { Box } from './geometry.ts';

export function TableShape(props: {
  box: Box;
  shape: 'rect' | 'round';
  /** A class for the fill and outline (a service state, a selected or inactive table). */
  tone?: string | undefined;
}) {
  const { x, y, width, height } = props.box;
  const className = `${styles.table} ${props.tone ?? ''}`;
  return props.shape === 'round' ? (
    <ellipse cx={x + width / 2} cy={y + height / 2} rx={width / 2} ry={height / 2} className={className} />
  ) : (
    <rect x={x} y={y} width={width} height={height} rx={6} className={className} />
  );
}

export function TableText(props: { box: Box; name: string; detail: string }) {
  const { x, y, width, height } = props.box;
  const cx = x + width / 2;
  const cy = y + height / 2;
  // Sized from the smaller side, and shrunk to the table's width (a character is about 0.6 em),
  // so small tables keep their text inside.
  const fitted = (text: string, largest: number) =>
    Math.max(7, Math.min(largest, (width * 0.85) / (0.6 * Math.max(1, text.length))));
  const size = Math.max(9, Math.min(18, Math.min(width, height) / 3.5));
  const nameSize = fitted(props.name, size);
  const detailSize = fitted(props.detail, size * 0.75);
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: plain text, never focused; the table's label says it in full
    <g aria-hidden="true" className={styles.tableText}>
      <text x={cx} y={cy - nameSize * 0.25} fontSize={nameSize} className={styles.tableName} textAnchor="middle">
        {props.name}
      </text>
      <text x={cx} y={cy + detailSize * 1.05} fontSize={detailSize} className={styles.tableDetail} textAnchor="middle">
        {props.detail}
      </text>
    </g>
  );
}
