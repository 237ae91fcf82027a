import { describe, expect, it } from 'vitest';
import { checkDraft, type Draft, type DraftTable, floorOf } from './api/floor-plan.ts';
import { problemsOf } from './draft-problems.ts';

const table = (key: string, name: string, extra: Partial<DraftTable> = {}): DraftTable => ({
  key,
  name,
  min_seats: 1,
  max_seats: 4,
  online: true,
  active: true,
  shape: 'rect',
  x: 0,
  y: 0,
  width: 60,
  height: 60,
  rotation: 0,
  ...extra,
});

function problems(draft: Draft) {
  const checked = checkDraft(draft);
  return checked.success ? [] : problemsOf(draft, checked.error.issues);
}

describe('a drawing’s problems, in the screen’s terms', () => {
  it('names two tables with one name, and which table to select', () => {
    const draft: Draft = {
      areas: [
        { key: 'a', name: 'Main room', tables: [table('k1', 'T1'), table('k2', 'T1 ')] },
        { key: 'b', name: 'Terrace', tables: [] },
      ],
      combinations: [],
    };
    expect(problems(draft)).toEqual([{ reason: 'duplicate_table', name: 'T1', tableKey: 'k2' }]);
  });

  it('names bad seats, an empty name and a combination across areas', () => {
    const draft: Draft = {
      areas: [
        { key: 'a', name: 'Main room', tables: [table('k1', 'T1', { min_seats: 6, max_seats: 2 }), table('k2', ' ')] },
        { key: 'b', name: 'Terrace', tables: [table('k3', 'P1')] },
      ],
      combinations: [{ key: 'c', name: 'Long', tables: ['k1', 'k3'], min_seats: 1, max_seats: 8, online: true }],
    };
    expect(problems(draft)).toEqual([
      { reason: 'table_seats', name: 'T1', tableKey: 'k1' },
      { reason: 'table_name', name: '', tableKey: 'k2' },
      { reason: 'combination_areas', name: 'Long' },
    ]);
  });

  it('sends tables by name in combinations and a saved table with its id', () => {
    const draft: Draft = {
      areas: [
        {
          key: 'a',
          name: 'Main room',
          tables: [table('id-1', 'Window 1', { id: '8a6e0804-2bd0-4672-b79c-d4b6b0b1a5a1' }), table('new-1', 'T2')],
        },
      ],
      combinations: [{ key: 'c', name: 'Both', tables: ['id-1', 'new-1'], min_seats: 1, max_seats: 8, online: true }],
    };
    expect(problems(draft)).toEqual([]);
    expect(floorOf(draft)).toMatchObject({
      areas: [{ tables: [{ id: '8a6e0804-2bd0-4672-b79c-d4b6b0b1a5a1', name: 'Window 1' }, { name: 'T2' }] }],
      combinations: [{ name: 'Both', tables: ['Window 1', 'T2'] }],
    });
  });
});
