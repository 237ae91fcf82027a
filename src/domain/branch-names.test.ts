import { describe, expect, it } from 'vitest';
import { branchName } from './branch-names.ts';
import { homeBranches, reservationPageBranches } from './reservation-options.ts';

describe('branch names', () => {
  it('keep the spec’s English names in English', () => {
    for (const branch of [...homeBranches, ...reservationPageBranches]) expect(branchName(branch, 'en')).toBe(branch);
  });

  it('are written as Vietnamese write the places, for every branch either form offers', () => {
    expect(branchName('Hanoi (main branch)', 'vi')).toBe('Hà Nội (cơ sở chính)');
    expect(branchName('Da Nang', 'vi')).toBe('Đà Nẵng');
    expect(branchName('Ninh Binh', 'vi')).toBe('Ninh Bình');
    expect(branchName('Sa Pa', 'vi')).toBe('Sa Pa');
    const translated = [...homeBranches, ...reservationPageBranches].filter((b) => branchName(b, 'vi') !== b);
    expect(translated).toHaveLength(homeBranches.length + reservationPageBranches.length - 1); // all but Sa Pa
  });

  it('leave a branch they do not know as it is', () => {
    expect(branchName('Hue', 'vi')).toBe('Hue');
  });
});
