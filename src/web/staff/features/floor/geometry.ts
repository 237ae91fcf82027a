/**
 * The floor plan's geometry, pure: a table is drawn at (x, y) with its width and height, turned by
 * `rotation` degrees about its centre, in the plan's own units (docs/floors/*.json use about 60 a
 * seat for two). The editor moves on a grid so tables line up; the drawing's frame fits the area.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

/** The editor's grid: drags and arrow keys move tables by this much (with Shift, by 1). */
export const grid = 10;
export const rotationStep = 15;
export const minSize = 20;
export const maxSize = 600;
/** The plan's extent: a table never leaves [0, planLimit). */
export const planLimit = 4000;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export function snap(value: number, step = grid): number {
  return Math.round(value / step) * step;
}

/** Degrees in [0, 360), as the database keeps them. */
export function normaliseRotation(degrees: number): number {
  const turned = ((Math.round(degrees) % 360) + 360) % 360;
  return turned === 360 ? 0 : turned;
}

/** A box moved by (dx, dy), kept on the plan. */
export function moveBy<T extends Box>(box: T, dx: number, dy: number): T {
  return {
    ...box,
    x: clamp(Math.round(box.x + dx), 0, planLimit - box.width),
    y: clamp(Math.round(box.y + dy), 0, planLimit - box.height),
  };
}

/** A box moved so its corner is at (x, y) snapped to the grid (a drag's end). */
export function moveTo<T extends Box>(box: T, x: number, y: number, step = grid): T {
  return moveBy(box, snap(x, step) - box.x, snap(y, step) - box.y);
}

/** A box resized by (dw, dh) from its top-left corner, within the sizes a table may have. */
export function resizeBy<T extends Box>(box: T, dw: number, dh: number): T {
  return {
    ...box,
    width: clamp(Math.round(box.width + dw), minSize, maxSize),
    height: clamp(Math.round(box.height + dh), minSize, maxSize),
  };
}

export function rotateBy<T extends Box>(box: T, degrees: number): T {
  return { ...box, rotation: normaliseRotation(box.rotation + degrees) };
}

export function centreOf(box: Box): { x: number; y: number } {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * The rotation that points a handle dragged to (px, py) away from the box's centre, the handle
 * sitting above the box at rest; snapped to `step` degrees.
 */
export function rotationTowards(box: Box, px: number, py: number, step = rotationStep): number {
  const centre = centreOf(box);
  const degrees = (Math.atan2(px - centre.x, centre.y - py) * 180) / Math.PI;
  return normaliseRotation(Math.round(degrees / step) * step);
}

/**
 * A point given in the plan's frame, expressed in a turned box's own frame (before its turn): a
 * resize handle dragged on a turned table grows it along its own sides.
 */
export function intoBoxFrame(box: Box, px: number, py: number): { x: number; y: number } {
  const centre = centreOf(box);
  const radians = (-box.rotation * Math.PI) / 180;
  const dx = px - centre.x;
  const dy = py - centre.y;
  return {
    x: centre.x + dx * Math.cos(radians) - dy * Math.sin(radians),
    y: centre.y + dx * Math.sin(radians) + dy * Math.cos(radians),
  };
}

/**
 * The frame that shows every box with a margin: fitted to the tables, so a narrow area (a row of
 * window tables) is drawn as a strip, not a square of empty floor; never smaller than a small room.
 */
export function viewBoxOf(boxes: readonly Box[], margin = 30): { x: number; y: number; width: number; height: number } {
  let right = 240;
  let bottom = 120;
  for (const box of boxes) {
    // A turned box reaches at most its diagonal's half from its centre.
    const centre = centreOf(box);
    const reach = Math.hypot(box.width, box.height) / 2;
    right = Math.max(right, box.rotation === 0 ? box.x + box.width : centre.x + reach);
    bottom = Math.max(bottom, box.rotation === 0 ? box.y + box.height : centre.y + reach);
  }
  return { x: 0, y: 0, width: Math.ceil(right + margin), height: Math.ceil(bottom + margin) };
}

/** The first grid spot, row by row, where a box of this size overlaps none of the others. */
export function freeSpot(boxes: readonly Box[], width: number, height: number): { x: number; y: number } {
  const overlaps = (x: number, y: number) =>
    boxes.some(
      (b) => x < b.x + b.width + grid && b.x < x + width + grid && y < b.y + b.height + grid && b.y < y + height + grid,
    );
  for (let y = 20; y < planLimit - height; y += 20) {
    for (let x = 20; x <= 600 - width; x += 20) {
      if (!overlaps(x, y)) return { x, y };
    }
  }
  return { x: 20, y: 20 };
}
