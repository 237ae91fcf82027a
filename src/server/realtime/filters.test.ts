/**
 * The subscription filters: read back exactly what realtime-js's own filter builder writes
 * (quoting included), and refuse the operators and shapes this server does not evaluate.
 */
import { postgresChangesFilter } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { filterLimits, parseFilter } from './filters.ts';

describe('subscription filters', () => {
  it('reads what realtime-js writes, quoted values included', () => {
    const awkward = 'Rao, "Asha" (party of 4) \\ ';
    const built = postgresChangesFilter()
      .eq('branch', 'Sa Pa')
      .neq('name', awkward)
      .lt('guests', 3)
      .lte('date', '2026-12-24')
      .gt('id', 10)
      .gte('created_at', '2026-11-22T08:30:00Z')
      .in('branch', ['Hanoi', 'Da Nang', 'Old Quarter, North'])
      .build();
    expect(parseFilter(built)).toEqual({
      ok: true,
      conditions: [
        { column: 'branch', op: 'eq', value: 'Sa Pa' },
        { column: 'name', op: 'neq', value: awkward },
        { column: 'guests', op: 'lt', value: '3' },
        { column: 'date', op: 'lte', value: '2026-12-24' },
        { column: 'id', op: 'gt', value: '10' },
        { column: 'created_at', op: 'gte', value: '2026-11-22T08:30:00Z' },
        { column: 'branch', op: 'in', values: ['Hanoi', 'Da Nang', 'Old Quarter, North'] },
      ],
    });
  });

  it('reads a plain string filter as people write it', () => {
    expect(parseFilter('branch=eq.Sa Pa')).toEqual({
      ok: true,
      conditions: [{ column: 'branch', op: 'eq', value: 'Sa Pa' }],
    });
    expect(parseFilter('id=in.(1,2,3)')).toEqual({
      ok: true,
      conditions: [{ column: 'id', op: 'in', values: ['1', '2', '3'] }],
    });
  });

  it.each([
    ['name=like.Asha%', /operator "like" is not supported/],
    ['name=ilike.*rao*', /operator "ilike" is not supported/],
    ['arrived=is.null', /operator "is" is not supported/],
    ['branch=not.eq.Sa Pa', /operator "not" is not supported/],
    ['branch', /is not column=operator.value/],
    ['branch=eq', /has no value/],
    ['bra nch=eq.x', /is not a column name/],
    ['"branch"=eq.x', /is not a column name/],
    ['branch=eq."unterminated', /unbalanced quotes or parentheses/],
    ['id=in.(1,2', /unbalanced quotes or parentheses/],
    ['id=in.1,2', /needs a list in parentheses/],
    ['name=eq."a"b', /malformed/],
    ['name=eq.a"b"', /malformed/],
    ['name=eq."a\\"', /unbalanced/],
    ['name=eq.Asha\u0000', /NUL/],
    [Array.from({ length: filterLimits.conditions + 1 }, (_, i) => `id=neq.${i}`).join(','), /at most 10 conditions/],
    [`id=in.(${Array.from({ length: filterLimits.inValues + 1 }, (_, i) => i).join(',')})`, /at most 100 values/],
    [`name=eq.${'x'.repeat(filterLimits.length)}`, /at most 1000 characters/],
  ])('refuses %j', (filter, message) => {
    const parsed = parseFilter(filter);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});
