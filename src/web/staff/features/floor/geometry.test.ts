import { describe, expect, it } from 'vitest';
import {
  freeSpot,
  intoBoxFrame,
  moveBy,
  moveTo,
  normaliseRotation,
  planLimit,
  resizeBy,
  rotateBy,
  rotationTowards,
  viewBoxOf,
} from './geometry.ts';

const table = { x: 100, y: 100, width: 60, height: 40, rotation: 0 };

describe('floor geometry', () => {
  it('moves on the grid and never off the plan', () => {
    expect(moveTo(table, 134, 96)).toMatchObject({ x: 130, y: 100 });
    expect(moveBy(table, -500, -500)).toMatchObject({ x: 0, y: 0 });
    expect(moveBy(table, planLimit, 0).x).toBe(planLimit - 60);
  });

  it('keeps sizes between 20 and 600', () => {
    expect(resizeBy(table, 10, -100)).toMatchObject({ width: 70, height: 20 });
    expect(resizeBy(table, 1000, 0).width).toBe(600);
  });

  it('keeps rotation in [0, 360) as the database does', () => {
    expect(rotateBy(table, -15).rotation).toBe(345);
    expect(rotateBy({ ...table, rotation: 345 }, 15).rotation).toBe(0);
    expect(normaliseRotation(720.2)).toBe(0);
    expect(normaliseRotation(-0.4)).toBe(0);
  });

  it('turns a table towards its rotation handle in 15° steps', () => {
    // Centre (130, 120): straight above is 0°, right 90°, below 180°, left 270°.
    expect(rotationTowards(table, 130, 0)).toBe(0);
    expect(rotationTowards(table, 300, 120)).toBe(90);
    expect(rotationTowards(table, 130, 400)).toBe(180);
    expect(rotationTowards(table, 0, 121)).toBe(270);
    expect(rotationTowards(table, 200, 50)).toBe(45);
  });

  it('reads a point in a turned table’s own frame', () => {
    const turned = { ...table, rotation: 90 };
    // The plan's point right of the centre is, in the table's frame, above it.
    const point = intoBoxFrame(turned, 160, 120);
    expect(point.x).toBeCloseTo(130);
    expect(point.y).toBeCloseTo(90);
  });

  it('frames every table with a margin, turned ones by their reach', () => {
    expect(viewBoxOf([])).toEqual({ x: 0, y: 0, width: 270, height: 150 });
    expect(viewBoxOf([{ x: 600, y: 40, width: 100, height: 60, rotation: 0 }])).toEqual({
      x: 0,
      y: 0,
      width: 730,
      height: 150,
    });
    const turned = viewBoxOf([{ x: 600, y: 400, width: 100, height: 100, rotation: 45 }]);
    expect(turned.width).toBe(Math.ceil(650 + Math.hypot(100, 100) / 2 + 30));
  });

  it('finds a free spot beside the tables already drawn', () => {
    expect(freeSpot([], 80, 80)).toEqual({ x: 20, y: 20 });
    const spot = freeSpot([{ x: 20, y: 20, width: 80, height: 80, rotation: 0 }], 80, 80);
    expect(spot).toEqual({ x: 120, y: 20 });
  });
});
