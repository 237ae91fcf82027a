import { describe, expect, it } from 'vitest';
import {
  pageCount,
  pageRange,
  parseDashboardQuery,
  restFilters,
  searchOrFilter,
  toSearchParams,
} from './reservation-filters.ts';

describe('the dashboard query in the URL', () => {
  it('reads every filter and the page', () => {
    const query = parseDashboardQuery(
      new URLSearchParams('q=Priya&branch=Sa+Pa&date=2026-03-01&guests=4&time=19:30&arrived=yes&allocated=no&page=3'),
    );
    expect(query).toEqual({
      filters: {
        q: 'Priya',
        branch: 'Sa Pa',
        date: '2026-03-01',
        guests: 4,
        time: '19:30',
        arrived: 'yes',
        allocated: 'no',
      },
      page: 3,
    });
  });

  it('drops values a shared link may carry but the dashboard cannot use', () => {
    const query = parseDashboardQuery(
      new URLSearchParams('q=%20%20&date=2026-02-30&guests=11&time=25:00&arrived=maybe&page=-2&branch=a%07b'),
    );
    expect(query.filters).toEqual({});
    expect(query.page).toBe(1);
  });

  it('round-trips through search params, leaving out page 1 and unset filters', () => {
    const query = { filters: { q: 'a&b=c', guests: 2, allocated: 'yes' as const }, page: 1 };
    const params = toSearchParams(query);
    expect(params.toString()).toBe('q=a%26b%3Dc&guests=2&allocated=yes');
    expect(parseDashboardQuery(params)).toEqual({ filters: query.filters, page: 1 });
    expect(toSearchParams({ filters: {}, page: 2 }).toString()).toBe('page=2');
  });
});

describe('the search filter', () => {
  it('matches name, mobile or email anywhere, case-insensitively', () => {
    expect(searchOrFilter('priya')).toBe('name.ilike."*priya*",mobile.ilike."*priya*",email.ilike."*priya*"');
  });

  it("quotes PostgREST's reserved characters and escapes quotes and backslashes", () => {
    expect(searchOrFilter('O"Neil, (VIP): a.b\\c')).toBe(
      ['name', 'mobile', 'email'].map((c) => `${c}.ilike."*O\\"Neil, (VIP): a.b\\\\\\\\c*"`).join(','),
    );
  });

  it("makes LIKE's wildcards literal, and * (which PostgREST cannot escape) one character", () => {
    expect(searchOrFilter('100%_a*b').split(',')[0]).toBe('name.ilike."*100\\\\%\\\\_a_b*"');
  });
});

describe('restFilters', () => {
  it('gives one REST filter per active filter and nothing else', () => {
    const eq = (column: string, value: string | number | boolean) => ({ op: 'eq', column, value });
    expect(
      restFilters({
        q: 'x',
        branch: 'Uptown',
        date: '2026-01-02',
        guests: 3,
        time: '12:00',
        arrived: 'no',
        allocated: 'yes',
      }),
    ).toEqual([
      { op: 'or', value: searchOrFilter('x') },
      eq('branch', 'Uptown'),
      eq('date', '2026-01-02'),
      eq('guests', 3),
      eq('time', '12:00'),
      eq('arrived', false),
      eq('allocated', true),
    ]);
    expect(restFilters({})).toEqual([]);
  });
});

describe('paging', () => {
  it('maps pages to inclusive row ranges of 50 and counts pages', () => {
    expect(pageRange(1)).toEqual({ from: 0, to: 49 });
    expect(pageRange(3)).toEqual({ from: 100, to: 149 });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(100_000)).toBe(2000);
  });
});
