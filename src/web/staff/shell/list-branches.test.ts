import { describe, expect, it } from 'vitest';
import { branchOptions } from './list-branches.ts';

describe('the branch filter', () => {
  it('offers owner and staff the home branches and every branch in the data', () => {
    const owner = { role: 'owner', branches: [] };
    expect(branchOptions(['Uptown', 'Sa Pa'], undefined, owner)).toEqual([
      'Hanoi (main branch)',
      'Ninh Binh',
      'Sa Pa',
      'Da Nang',
      'Uptown',
    ]);
    expect(branchOptions(['Uptown'], 'Suburb')).toEqual([
      'Hanoi (main branch)',
      'Ninh Binh',
      'Sa Pa',
      'Da Nang',
      'Suburb',
      'Uptown',
    ]);
  });

  it('offers a host only their own branches, whatever the data or the link says', () => {
    const host = { role: 'host', branches: ['Uptown', 'Da Nang', 'Sa Pa'] };
    expect(branchOptions(['Hanoi (main branch)', 'Suburb'], 'Suburb', host)).toEqual(['Sa Pa', 'Da Nang', 'Uptown']);
  });
});
