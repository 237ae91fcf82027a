import { describe, expect, it } from 'vitest';
import {
  hasActiveFilters,
  pageCount,
  pageRange,
  parseDashboardQuery,
  restFilters,
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

describe('restFilters', () => {
  it('gives one equality filter per active filter, leaving the search to the search function', () => {
    const eq = (column: string, value: string | number | boolean) => ({ column, value });
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

describe('the booking status filter (issue 14)', () => {
  it('is off by default, sending nothing more than before', () => {
    const { filters } = parseDashboardQuery(new URLSearchParams(''));
    expect(filters.status).toBeUndefined();
    expect(restFilters(filters)).toEqual([]);
    expect(hasActiveFilters(filters)).toBe(false);
  });

  it('reads booked or cancelled from the link, drops anything else, and filters on the column', () => {
    const { filters } = parseDashboardQuery(new URLSearchParams('status=cancelled'));
    expect(filters.status).toBe('cancelled');
    expect(restFilters(filters)).toEqual([{ column: 'status', value: 'cancelled' }]);
    expect(toSearchParams({ filters, page: 1 }).toString()).toBe('status=cancelled');
    expect(hasActiveFilters(filters)).toBe(true);
    expect(parseDashboardQuery(new URLSearchParams('status=deleted')).filters.status).toBeUndefined();
    expect(parseDashboardQuery(new URLSearchParams('status=no_show')).filters.status).toBe('no_show');
  });

  it('reads the Upcoming view from the link as "this day or later", never as one day', () => {
    const { filters } = parseDashboardQuery(new URLSearchParams('from=2026-12-24'));
    expect(restFilters(filters)).toEqual([{ column: 'date', value: '2026-12-24', op: 'gte' }]);
    expect(toSearchParams({ filters, page: 1 }).toString()).toBe('from=2026-12-24');
  });
});
