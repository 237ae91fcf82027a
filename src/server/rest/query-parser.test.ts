import { describe, expect, it } from 'vitest';
import {
  parseFilter,
  parseLogicTree,
  parseOrder,
  parseQuery,
  parseQueryString,
  parseSelect,
  queryLimits,
} from './query-parser.ts';
import { RestError } from './rest-error.ts';

function parseErrorOf(fn: () => unknown): RestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a parse error');
}

const query = (text: string) => parseQuery(new URLSearchParams(text));

describe('top-level filters', () => {
  it.each([
    ['eq', 'eq.5', '5'],
    ['neq', 'neq.5', '5'],
    ['gt', 'gt.2026-01-01', '2026-01-01'],
    ['gte', 'gte.1', '1'],
    ['lt', 'lt.1', '1'],
    ['lte', 'lte.1', '1'],
    ['like', 'like.*ash*', '*ash*'],
    ['ilike', 'ilike.*ASH*', '*ASH*'],
    ['match', 'match.^A', '^A'],
    ['imatch', 'imatch.^a', '^a'],
    ['isdistinct', 'isdistinct.x', 'x'],
  ])('parses %s', (op, raw, value) => {
    expect(parseFilter('name', raw)).toEqual({ kind: 'filter', column: 'name', negated: false, op, value });
  });

  it('keeps everything after the operator as the value, dots, commas and quotes included', () => {
    expect(parseFilter('email', 'eq.a.b@c.co')).toMatchObject({ op: 'eq', value: 'a.b@c.co' });
    expect(parseFilter('name', 'eq."a,b"')).toMatchObject({ value: '"a,b"' });
    expect(parseFilter('name', 'eq.')).toMatchObject({ value: '' });
  });

  it('parses is with every allowed value, case-insensitively', () => {
    for (const value of ['null', 'not_null', 'true', 'false', 'unknown']) {
      expect(parseFilter('notes', `is.${value}`)).toMatchObject({ op: 'is', value });
    }
    expect(parseFilter('notes', 'is.NULL')).toMatchObject({ op: 'is', value: 'null' });
  });

  it('parses in lists with quoted members', () => {
    expect(parseFilter('branch', 'in.(Sa Pa,"Hanoi (main branch)","a\\"b",)')).toMatchObject({
      op: 'in',
      value: ['Sa Pa', 'Hanoi (main branch)', 'a"b', ''],
    });
    expect(parseFilter('id', 'in.()')).toMatchObject({ op: 'in', value: [] });
  });

  it('parses not.<op>', () => {
    expect(parseFilter('notes', 'not.is.null')).toEqual({
      kind: 'filter',
      column: 'notes',
      negated: true,
      op: 'is',
      value: 'null',
    });
    expect(parseFilter('id', 'not.in.(1,2)')).toMatchObject({ negated: true, op: 'in', value: ['1', '2'] });
  });

  it.each([
    'foo',
    'eq',
    'equals.1',
    'not.eq',
    'is.maybe',
    'is.null;drop table x',
    'in.1,2',
    'in.(1,2',
    'in.(1,2)x',
    'in.("a)',
    'like(some).{a,b}',
    'like(any).a',
    'in(any).{a}',
    'not.not.eq.1',
    "eq'.1",
  ])('refuses %s with PGRST100', (raw) => {
    const error = parseErrorOf(() => parseFilter('name', raw));
    expect(error.status).toBe(400);
    expect(error.code).toBe('PGRST100');
  });
});

describe('logic trees', () => {
  it('parses or with several conditions', () => {
    expect(parseLogicTree('or', '(name.ilike.*a*,mobile.eq.09,email.not.like.x*)')).toEqual({
      kind: 'group',
      combinator: 'or',
      negated: false,
      conditions: [
        { kind: 'filter', column: 'name', negated: false, op: 'ilike', value: '*a*' },
        { kind: 'filter', column: 'mobile', negated: false, op: 'eq', value: '09' },
        { kind: 'filter', column: 'email', negated: true, op: 'like', value: 'x*' },
      ],
    });
  });

  it('parses nesting, negated groups, in lists and quoted values with reserved characters', () => {
    const tree = parseLogicTree(
      'not.and',
      '(guests.gte.2,or(branch.in.(Sa Pa,"Hanoi (main branch)"),not.and(name.eq."a,b.c:(d)",notes.is.null)))',
    );
    expect(tree).toEqual({
      kind: 'group',
      combinator: 'and',
      negated: true,
      conditions: [
        { kind: 'filter', column: 'guests', negated: false, op: 'gte', value: '2' },
        {
          kind: 'group',
          combinator: 'or',
          negated: false,
          conditions: [
            { kind: 'filter', column: 'branch', negated: false, op: 'in', value: ['Sa Pa', 'Hanoi (main branch)'] },
            {
              kind: 'group',
              combinator: 'and',
              negated: true,
              conditions: [
                { kind: 'filter', column: 'name', negated: false, op: 'eq', value: 'a,b.c:(d)' },
                { kind: 'filter', column: 'notes', negated: false, op: 'is', value: 'null' },
              ],
            },
          ],
        },
      ],
    });
  });

  it('accepts a double-quoted column name', () => {
    expect(parseLogicTree('and', '("created_at".lt.2026-01-01)')).toMatchObject({
      conditions: [{ column: 'created_at', value: '2026-01-01' }],
    });
  });

  it.each([
    '',
    'name.eq.1',
    '()',
    '(name.eq.1',
    '(name.eq.1))',
    '(name.eq.1,)',
    '(name.eq.1)x',
    '(name.eq)',
    '(name.bogus.1)',
    '(name.eq.a(b))',
    '(name.eq."unterminated)',
    '(and())',
    '(xor(a.eq.1))',
    '(name.is.maybe)',
  ])('refuses %j with PGRST100', (raw) => {
    expect(parseErrorOf(() => parseLogicTree('or', raw)).code).toBe('PGRST100');
  });

  it('refuses nesting deeper than it allows', () => {
    const deep = `(${'and('.repeat(40)}a.eq.1${')'.repeat(40)})`;
    expect(parseErrorOf(() => parseLogicTree('or', deep)).code).toBe('PGRST100');
    // The `or=(…)` itself is the first level.
    const nested = (levels: number) => `(${'not.and('.repeat(levels - 1)}a.eq.1${')'.repeat(levels - 1)})`;
    expect(parseLogicTree('or', nested(queryLimits.nesting)).kind).toBe('group');
    expect(parseErrorOf(() => parseLogicTree('or', nested(queryLimits.nesting + 1))).body()).toEqual({
      code: 'PGRST100',
      message: 'Logic tree is nested too deeply',
      details: `At most ${queryLimits.nesting} levels are allowed`,
      hint: null,
    });
  });
});

describe('select', () => {
  it('parses *, columns, aliases and quoted names, ignoring whitespace', () => {
    expect(parseSelect('*')).toEqual([{ kind: 'star' }]);
    expect(parseSelect('')).toEqual([{ kind: 'star' }]);
    expect(parseSelect(' id , guestName:name,"created_at",* ')).toEqual([
      { kind: 'column', column: 'id', alias: undefined },
      { kind: 'column', column: 'name', alias: 'guestName' },
      { kind: 'column', column: 'created_at', alias: undefined },
      { kind: 'star' },
    ]);
  });

  it.each(['id,', ',id', 'id,,name', 'a:', ':b', 'id::text;drop', 'x"y:name', '"open', 'a(b', 'a!b!c(*)', 'id!x'])(
    'refuses %j with PGRST100',
    (raw) => {
      expect(parseErrorOf(() => parseSelect(raw)).code).toBe('PGRST100');
    },
  );

  it('parses embeds with aliases, hints, joins, spreads and nesting', () => {
    expect(parseSelect('*,t:tables!inner(name,x:zones!zone_fk(*)),...branches(name)')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        name: 'tables',
        alias: 't',
        hint: undefined,
        join: 'inner',
        spread: false,
        select: [
          { kind: 'column', column: 'name', alias: undefined },
          {
            kind: 'embed',
            name: 'zones',
            alias: 'x',
            hint: 'zone_fk',
            join: undefined,
            spread: false,
            select: [{ kind: 'star' }],
          },
        ],
      },
      {
        kind: 'embed',
        name: 'branches',
        alias: undefined,
        hint: undefined,
        join: undefined,
        spread: true,
        select: [{ kind: 'column', column: 'name', alias: undefined }],
      },
    ]);
  });

  it('parses JSON paths, casts and aggregates', () => {
    expect(parseSelect('data->a->>b,n:id::text,count(),guests.sum()')).toEqual([
      {
        kind: 'column',
        column: 'data',
        alias: undefined,
        path: [
          { arrow: '->', key: 'a' },
          { arrow: '->>', key: 'b' },
        ],
      },
      { kind: 'column', column: 'id', alias: 'n', cast: 'text' },
      { kind: 'aggregate', fn: 'count', column: undefined, alias: undefined },
      { kind: 'aggregate', fn: 'sum', column: 'guests', alias: undefined },
    ]);
  });

  it('bounds the depth of nested embeds', () => {
    expect(parseSelect('a(b(c(d(e(id)))))')).toHaveLength(1);
    expect(parseErrorOf(() => parseSelect('a(b(c(d(e(f(id))))))')).details).toBe('At most 5 levels are allowed');
  });
});

describe('order', () => {
  it('parses several terms with directions and null placement', () => {
    expect(parseOrder('created_at.desc,id,name.asc.nullsfirst,notes.nullslast')).toEqual([
      { column: 'created_at', direction: 'desc', nulls: undefined },
      { column: 'id', direction: undefined, nulls: undefined },
      { column: 'name', direction: 'asc', nulls: 'first' },
      { column: 'notes', direction: undefined, nulls: 'last' },
    ]);
  });

  // Whitespace is stripped, so "desc nulls first" becomes one unknown modifier.
  it.each(['', 'id.sideways', 'id.desc.asc', 'id.nullsfirst.desc', 'id,', 'id.desc nulls first'])(
    'refuses %j with PGRST100',
    (raw) => {
      expect(parseErrorOf(() => parseOrder(raw)).code).toBe('PGRST100');
    },
  );

  it('leaves names to be checked against the real columns later', () => {
    expect(parseOrder('id;drop')).toEqual([{ column: 'id;drop', direction: undefined, nulls: undefined }]);
  });
});

describe('the whole query string', () => {
  it('sorts parameters into select, filters, logic, order, paging, columns and on_conflict', () => {
    const parsed = query(
      'select=id,name&branch=eq.Sa+Pa&or=(name.ilike.*a*,mobile.eq.1)&not.or=(guests.lt.2)&order=created_at.desc&limit=50&offset=100&columns="name","email"&on_conflict=id',
    );
    expect(parsed.select).toHaveLength(2);
    expect(parsed.where).toHaveLength(3);
    expect(parsed.where[0]).toMatchObject({ column: 'branch', value: 'Sa Pa' });
    expect(parsed.where[1]).toMatchObject({ kind: 'group', combinator: 'or', negated: false });
    expect(parsed.where[2]).toMatchObject({ kind: 'group', combinator: 'or', negated: true });
    expect(parsed.order).toEqual([{ column: 'created_at', direction: 'desc', nulls: undefined }]);
    expect(parsed.limit).toBe(50);
    expect(parsed.offset).toBe(100);
    expect(parsed.columns).toEqual(['name', 'email']);
    expect(parsed.onConflict).toEqual(['id']);
  });

  it('keeps repeated filters on one column (they are ANDed)', () => {
    expect(query('guests=gte.2&guests=lte.4').where).toHaveLength(2);
  });

  it('leaves select undefined when absent', () => {
    expect(query('').select).toBeUndefined();
  });

  it.each([
    'limit=-1',
    'limit=ten',
    'limit=1e3',
    'offset=',
    'offset=9999999999999999',
    'columns=name,',
    'columns=',
    'or=name.eq.1',
    'and=(name.eq.1',
    'name=bogus',
  ])('refuses %j with PGRST100', (text) => {
    const error = parseErrorOf(() => query(text));
    expect(error.code).toBe('PGRST100');
    expect(error.status).toBe(400);
    expect(Object.keys(error.body()).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });
});

describe('limits', () => {
  const list = (n: number, item: (i: number) => string) => Array.from({ length: n }, (_, i) => item(i)).join(',');

  it('bounds select, order, columns and on_conflict to 100 entries each', () => {
    const n = queryLimits.listEntries;
    expect(parseSelect(list(n, () => 'id'))).toHaveLength(n);
    expect(parseOrder(list(n, () => 'id'))).toHaveLength(n);
    expect(parseErrorOf(() => parseSelect(list(n + 1, () => 'id'))).body()).toEqual({
      code: 'PGRST100',
      message: 'The select parameter has too many entries',
      details: `It has ${n + 1}; at most ${n} are allowed`,
      hint: null,
    });
    expect(parseErrorOf(() => parseOrder(list(n + 1, () => 'id'))).message).toBe(
      'The order parameter has too many entries',
    );
    expect(parseErrorOf(() => query(`columns=${list(n + 1, () => 'a')}`)).message).toBe(
      'The columns parameter has too many entries',
    );
    expect(parseErrorOf(() => query(`on_conflict=${list(n + 1, () => 'a')}`)).message).toBe(
      'The on_conflict parameter has too many entries',
    );
  });

  it('bounds an in list to 1,000 values', () => {
    const n = queryLimits.inValues;
    expect(parseFilter('id', `in.(${list(n, String)})`)).toMatchObject({ op: 'in' });
    expect(parseErrorOf(() => parseFilter('id', `in.(${list(n + 1, String)})`)).message).toBe('An in list is too long');
    expect(parseErrorOf(() => parseLogicTree('or', `(id.in.(${list(n + 1, String)}))`)).message).toBe(
      'An in list is too long',
    );
  });

  it('counts every condition, top-level and inside trees, against one bound of 100', () => {
    const n = queryLimits.conditions;
    const filters = (count: number) => Array.from({ length: count }, (_, i) => `id=neq.${i}`).join('&');
    expect(query(filters(n)).where).toHaveLength(n);
    expect(parseErrorOf(() => query(filters(n + 1))).body()).toEqual({
      code: 'PGRST100',
      message: 'Too many filter conditions',
      details: `There are ${n + 1}; at most ${n} are allowed`,
      hint: null,
    });
    // 60 in one tree, 41 in another: 101 in all.
    const tree = (count: number) => `(${list(count, (i) => `name.eq.x${i}`)})`;
    expect(() => query(`or=${tree(60)}&and=${tree(40)}`)).not.toThrow();
    expect(parseErrorOf(() => query(`or=${tree(60)}&and=${tree(41)}`)).message).toBe('Too many filter conditions');
  });

  it('bounds the raw query string to 8 KiB', () => {
    const within = `?name=eq.${'a'.repeat(queryLimits.queryStringLength - 'name=eq.'.length)}`;
    expect(parseQueryString(within).where).toHaveLength(1);
    expect(parseErrorOf(() => parseQueryString(`${within}a`)).body()).toEqual({
      code: 'PGRST100',
      message: 'The query string is too long',
      details: `It has ${queryLimits.queryStringLength + 1} characters; at most ${queryLimits.queryStringLength} are allowed`,
      hint: null,
    });
    // Percent-encoding counts: the limit is on what travels, as a proxy sees it.
    expect(parseErrorOf(() => parseQueryString(`?name=eq.${'%20'.repeat(2800)}`)).message).toBe(
      'The query string is too long',
    );
    expect(parseQueryString('').where).toEqual([]);
  });

  it('refuses a NUL anywhere in the query string: Postgres text cannot hold it', () => {
    for (const text of ['name=eq.a%00b', 'na%00me=eq.a', 'select=id%00', 'or=(name.eq.%00)']) {
      expect(parseErrorOf(() => parseQueryString(text)).body()).toEqual({
        code: 'PGRST100',
        message: 'The query string holds a NUL character (%00)',
        details: 'Text in Postgres cannot contain NUL',
        hint: null,
      });
    }
  });
});
