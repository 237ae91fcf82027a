/** Floors for tests and benchmarks of tables and turns (shape: src/domain/floor.ts). */
import type { FloorInput } from '../../src/domain/floor.ts';

/** A small floor: a 2-top, two 4-tops that join into a table for 5–8, a 6-top, and a 10-top staff keep back. */
export const testFloor: FloorInput = {
  areas: [
    {
      name: 'Main room',
      tables: [
        { name: 'T2', min_seats: 1, max_seats: 2 },
        { name: 'T4a', min_seats: 2, max_seats: 4 },
        { name: 'T4b', min_seats: 2, max_seats: 4 },
        { name: 'T6', min_seats: 2, max_seats: 6 },
        { name: 'X10', min_seats: 6, max_seats: 10, online: false },
      ],
    },
  ],
  combinations: [{ name: 'T4a+T4b', tables: ['T4a', 'T4b'], min_seats: 5, max_seats: 8 }],
};
