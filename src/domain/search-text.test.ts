import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from './search-text.ts';

describe('foldForSearch', () => {
  it('drops case and Vietnamese diacritics, and turns đ into d', () => {
    expect(foldForSearch('Nguyễn Thu Hà')).toBe('nguyen thu ha');
    expect(foldForSearch('Đà Nẵng')).toBe('da nang');
    expect(foldForSearch('Phở bò')).toBe('pho bo');
    expect(foldForSearch('ĐƯỜNG')).toBe('duong');
  });

  it('leaves text without marks as it is, but lower case', () => {
    expect(foldForSearch('Guest4242@Example.VN')).toBe('guest4242@example.vn');
  });
});

describe('matchesSearch', () => {
  const fields = ['Nguyễn Thu Hà', '+84 912 345 678', 'ha.nguyen@example.vn'];

  it('finds a name typed without accents, and accents typed where the data has none', () => {
    expect(matchesSearch(fields, 'nguyen')).toBe(true);
    expect(matchesSearch(fields, 'THU HA')).toBe(true);
    expect(matchesSearch(['Pho'], 'phở')).toBe(true);
    expect(matchesSearch(['Đinh'], 'd')).toBe(true);
  });

  it('looks in every field and refuses what none contains', () => {
    expect(matchesSearch(fields, '345 678')).toBe(true);
    expect(matchesSearch(fields, 'tran')).toBe(false);
    expect(matchesSearch([null, undefined], 'a')).toBe(false);
  });

  it('matches everything for an empty or blank query', () => {
    expect(matchesSearch(fields, '')).toBe(true);
    expect(matchesSearch(fields, '   ')).toBe(true);
  });
});
