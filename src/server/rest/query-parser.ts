/**
 * Parses PostgREST's query-string language (the subset postgrest-js sends) into a small syntax
 * tree. Nothing here knows the table: names are checked against the real columns when the SQL is
 * built. Anything that does not parse is a PGRST100 error.
 */
import { parseError, RestError } from './rest-error.ts';

export const operators = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
] as const;
export type Operator = (typeof operators)[number];

export const isValues = ['null', 'not_null', 'true', 'false', 'unknown'] as const;
export type IsValue = (typeof isValues)[number];

export type Condition =
  | { kind: 'filter'; column: string; negated: boolean; op: Exclude<Operator, 'in' | 'is'>; value: string }
  | { kind: 'filter'; column: string; negated: boolean; op: 'in'; value: string[] }
  | { kind: 'filter'; column: string; negated: boolean; op: 'is'; value: IsValue }
  | { kind: 'group'; combinator: 'and' | 'or'; negated: boolean; conditions: Condition[] };

export type SelectItem = { kind: 'star' } | { kind: 'column'; column: string; alias: string | undefined };

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc' | undefined;
  nulls: 'first' | 'last' | undefined;
}

export interface ParsedQuery {
  /** Undefined when the request has no `select` (PostgREST then returns every column). */
  select: SelectItem[] | undefined;
  where: Condition[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
  /** `columns=`: which body keys an insert uses. */
  columns: string[] | undefined;
  onConflict: string[] | undefined;
}

/**
 * Bounds on a query string, checked before any SQL is built, so that one request cannot make
 * Postgres plan and evaluate an unbounded expression (on the embedded database that stalls every
 * other request). Each is far beyond what supabase-js sends for the dashboard (one `or` of three
 * `ilike`s, a few `eq`s, a page of 50): see docs/security.md, "Hostile input".
 */
export const queryLimits = {
  /** Characters of the raw (percent-encoded) query string: nginx's default request line is 8 KiB. */
  queryStringLength: 8192,
  /** Filter conditions in all: top-level filters plus every condition inside and/or trees. */
  conditions: 100,
  /** Levels of and/or groups (an `or=(…)` is one); deeper trees only exhaust a stack. */
  nesting: 10,
  /** Values of one `in.(…)` list: a page of 1,000 ids fits. */
  inValues: 1000,
  /** Entries of select, order, columns and on_conflict, each. */
  listEntries: 100,
} as const;

const identifierPattern = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** A cursor over one parameter's text, for the recursive-descent parts. */
class Cursor {
  readonly text: string;
  pos = 0;
  constructor(text: string) {
    this.text = text;
  }
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(): string {
    return this.text[this.pos] ?? '';
  }
  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.pos);
  }
  expect(char: string, fail: () => RestError): void {
    if (this.peek() !== char) throw fail();
    this.pos += 1;
  }
  /** Characters up to (not including) any of `stops`, or the end. */
  until(stops: string): string {
    const start = this.pos;
    while (!this.done && !stops.includes(this.peek())) this.pos += 1;
    return this.text.slice(start, this.pos);
  }
  /** A double-quoted string with backslash escapes; the cursor is on the opening quote. */
  quoted(fail: () => RestError): string {
    this.expect('"', fail);
    let out = '';
    for (;;) {
      if (this.done) throw fail();
      const char = this.peek();
      this.pos += 1;
      if (char === '"') return out;
      if (char === '\\') {
        if (this.done) throw fail();
        out += this.peek();
        this.pos += 1;
      } else {
        out += char;
      }
    }
  }
}

function isOperator(name: string): name is Operator {
  return (operators as readonly string[]).includes(name);
}

function isIsValue(value: string): value is IsValue {
  return (isValues as readonly string[]).includes(value);
}

/** `(a,"b,c",d)`: the list of an `in` filter; the cursor is on the opening parenthesis. */
function parseList(cursor: Cursor, fail: () => RestError): string[] {
  cursor.expect('(', fail);
  const items: string[] = [];
  if (cursor.peek() === ')') {
    cursor.pos += 1;
    return items;
  }
  for (;;) {
    items.push(cursor.peek() === '"' ? cursor.quoted(fail) : cursor.until(',)'));
    if (cursor.peek() === ',') {
      cursor.pos += 1;
      continue;
    }
    cursor.expect(')', fail);
    return items;
  }
}

function operatorAndValue(
  column: string,
  negated: boolean,
  op: string,
  value: string | string[],
  fail: () => RestError,
): Condition {
  if (!isOperator(op)) throw fail();
  if (op === 'in') {
    if (!Array.isArray(value)) throw fail();
    if (value.length > queryLimits.inValues) {
      throw parseError(
        'An in list is too long',
        `It has ${value.length} values; at most ${queryLimits.inValues} are allowed`,
      );
    }
    return { kind: 'filter', column, negated, op, value };
  }
  if (Array.isArray(value)) throw fail();
  if (op === 'is') {
    const lowered = value.toLowerCase();
    if (!isIsValue(lowered)) throw fail();
    return { kind: 'filter', column, negated, op, value: lowered };
  }
  return { kind: 'filter', column, negated, op, value };
}

/** `[not.]op.value` of a top-level filter `column=…`. The value is taken as it is, quotes included. */
export function parseFilter(column: string, raw: string): Condition {
  const fail = () => parseError(`failed to parse filter (${raw})`, 'Expected an operator such as eq., in. or is.');
  let rest = raw;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) throw fail();
  const op = rest.slice(0, dot);
  const valueText = rest.slice(dot + 1);
  if (op === 'in') {
    const cursor = new Cursor(valueText);
    const list = parseList(cursor, fail);
    if (!cursor.done) throw fail();
    return operatorAndValue(column, negated, op, list, fail);
  }
  return operatorAndValue(column, negated, op, valueText, fail);
}

function parseField(cursor: Cursor, fail: () => RestError): string {
  if (cursor.peek() === '"') return cursor.quoted(fail);
  const name = cursor.until('.,()');
  if (name === '') throw fail();
  return name;
}

function parseConditionIn(cursor: Cursor, depth: number, fail: () => RestError): Condition {
  let negated = false;
  for (const combinator of ['and', 'or'] as const) {
    for (const prefix of [`${combinator}(`, `not.${combinator}(`]) {
      if (cursor.startsWith(prefix)) {
        negated = prefix.startsWith('not.');
        cursor.pos += prefix.length - 1;
        return { kind: 'group', combinator, negated, conditions: parseGroupBody(cursor, depth + 1, fail) };
      }
    }
  }
  const column = parseField(cursor, fail);
  cursor.expect('.', fail);
  if (cursor.startsWith('not.')) {
    negated = true;
    cursor.pos += 4;
  }
  const op = cursor.until('.,()');
  cursor.expect('.', fail);
  if (op === 'in') return operatorAndValue(column, negated, op, parseList(cursor, fail), fail);
  const value = cursor.peek() === '"' ? cursor.quoted(fail) : cursor.until(',()');
  return operatorAndValue(column, negated, op, value, fail);
}

/** `(cond,cond,…)`; the cursor is on the opening parenthesis. */
function parseGroupBody(cursor: Cursor, depth: number, fail: () => RestError): Condition[] {
  if (depth > queryLimits.nesting) {
    throw parseError('Logic tree is nested too deeply', `At most ${queryLimits.nesting} levels are allowed`);
  }
  cursor.expect('(', fail);
  const conditions: Condition[] = [];
  for (;;) {
    conditions.push(parseConditionIn(cursor, depth, fail));
    if (cursor.peek() === ',') {
      cursor.pos += 1;
      continue;
    }
    cursor.expect(')', fail);
    return conditions;
  }
}

/** `or=(…)`, `and=(…)`, `not.or=(…)`, `not.and=(…)`. */
export function parseLogicTree(key: 'and' | 'or' | 'not.and' | 'not.or', raw: string): Condition {
  const fail = () => parseError(`failed to parse logic tree (${raw})`, 'Expected (column.operator.value,…)');
  const cursor = new Cursor(raw);
  const negated = key.startsWith('not.');
  const combinator = negated ? (key.slice(4) as 'and' | 'or') : (key as 'and' | 'or');
  const conditions = parseGroupBody(cursor, 1, fail);
  if (!cursor.done) throw fail();
  return { kind: 'group', combinator, negated, conditions };
}

/** Whitespace outside double quotes means nothing in select and order (postgrest-js strips it too). */
function stripWhitespace(raw: string): string {
  let out = '';
  let quoted = false;
  for (const char of raw) {
    if (char === '"') quoted = !quoted;
    if (!quoted && /\s/.test(char)) continue;
    out += char;
  }
  return out;
}

function checkEntries(parameter: string, count: number): void {
  if (count > queryLimits.listEntries) {
    throw parseError(
      `The ${parameter} parameter has too many entries`,
      `It has ${count}; at most ${queryLimits.listEntries} are allowed`,
    );
  }
}

/** A comma-separated list of plain or double-quoted names. */
function parseNames(raw: string, fail: () => RestError): string[] {
  const cursor = new Cursor(stripWhitespace(raw));
  const names: string[] = [];
  if (cursor.done) throw fail();
  while (!cursor.done) {
    const name = cursor.peek() === '"' ? cursor.quoted(fail) : cursor.until(',');
    if (name === '') throw fail();
    names.push(name);
    if (cursor.done) break;
    cursor.expect(',', fail);
    if (cursor.done) throw fail();
  }
  return names;
}

export function parseSelect(raw: string): SelectItem[] {
  const fail = () => parseError(`failed to parse select parameter (${raw})`);
  const cursor = new Cursor(stripWhitespace(raw));
  const items: SelectItem[] = [];
  if (cursor.done) return [{ kind: 'star' }];
  for (;;) {
    if (cursor.peek() === '*') {
      cursor.pos += 1;
      items.push({ kind: 'star' });
    } else {
      let alias: string | undefined;
      let column = cursor.peek() === '"' ? cursor.quoted(fail) : cursor.until(',:()');
      if (cursor.peek() === ':' && cursor.text[cursor.pos + 1] !== ':') {
        cursor.pos += 1;
        alias = column;
        column = cursor.peek() === '"' ? cursor.quoted(fail) : cursor.until(',:()');
      }
      if (cursor.peek() === '(' || column.startsWith('...')) {
        throw new RestError(400, {
          code: 'PGRST200',
          message: 'Embedding other tables is not supported',
          details: `Searched for a relationship named '${column}'`,
          hint: 'Select columns of this table only.',
        });
      }
      if (column === '' || alias === '' || (alias !== undefined && !identifierPattern.test(alias))) throw fail();
      if (cursor.peek() === ':')
        throw parseError(`failed to parse select parameter (${raw})`, 'Casts are not supported');
      items.push({ kind: 'column', column, alias });
    }
    if (cursor.done) {
      checkEntries('select', items.length);
      return items;
    }
    cursor.expect(',', fail);
  }
}

export function parseOrder(raw: string): OrderTerm[] {
  const fail = () =>
    parseError(`failed to parse order (${raw})`, 'Expected column[.asc|.desc][.nullsfirst|.nullslast]');
  const cursor = new Cursor(stripWhitespace(raw));
  const terms: OrderTerm[] = [];
  for (;;) {
    const column = cursor.peek() === '"' ? cursor.quoted(fail) : cursor.until('.,');
    if (column === '') throw fail();
    const term: OrderTerm = { column, direction: undefined, nulls: undefined };
    while (cursor.peek() === '.') {
      cursor.pos += 1;
      const modifier = cursor.until('.,');
      if ((modifier === 'asc' || modifier === 'desc') && !term.direction && !term.nulls) term.direction = modifier;
      else if ((modifier === 'nullsfirst' || modifier === 'nullslast') && !term.nulls) {
        term.nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      } else throw fail();
    }
    terms.push(term);
    if (cursor.done) {
      checkEntries('order', terms.length);
      return terms;
    }
    cursor.expect(',', fail);
  }
}

function parseCount(name: 'limit' | 'offset', raw: string): number {
  // Fifteen digits stay exact as a JavaScript number and far beyond any table here.
  if (!/^\d{1,15}$/.test(raw)) {
    throw parseError(`failed to parse ${name} parameter (${raw})`, 'Expected a non-negative integer');
  }
  return Number(raw);
}

const reserved = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const logicKeys = new Set(['and', 'or', 'not.and', 'not.or']);

/** Filter conditions in a where list, those inside and/or trees included. */
function conditionCount(conditions: Condition[]): number {
  return conditions.reduce((sum, c) => sum + (c.kind === 'group' ? conditionCount(c.conditions) : 1), 0);
}

/** The whole query string, in order. Repeated filters are all applied (ANDed). */
export function parseQuery(params: Iterable<[string, string]>): ParsedQuery {
  const query: ParsedQuery = {
    select: undefined,
    where: [],
    order: [],
    limit: undefined,
    offset: undefined,
    columns: undefined,
    onConflict: undefined,
  };
  for (const [key, value] of params) {
    if (key.includes('\u0000') || value.includes('\u0000')) {
      // Postgres text cannot hold it; say so here rather than let the driver fail on it.
      throw parseError('The query string holds a NUL character (%00)', 'Text in Postgres cannot contain NUL');
    }
    if (reserved.has(key)) {
      if (key === 'select') query.select = parseSelect(value);
      else if (key === 'order') query.order = value === '' ? [] : parseOrder(value);
      else if (key === 'limit') query.limit = parseCount('limit', value);
      else if (key === 'offset') query.offset = parseCount('offset', value);
      else if (key === 'columns') {
        query.columns = parseNames(value, () => parseError(`failed to parse columns parameter (${value})`));
        checkEntries('columns', query.columns.length);
      } else {
        query.onConflict = parseNames(value, () => parseError(`failed to parse on_conflict parameter (${value})`));
        checkEntries('on_conflict', query.onConflict.length);
      }
    } else if (logicKeys.has(key)) {
      query.where.push(parseLogicTree(key as 'and' | 'or' | 'not.and' | 'not.or', value));
    } else {
      query.where.push(parseFilter(key, value));
    }
  }
  const conditions = conditionCount(query.where);
  if (conditions > queryLimits.conditions) {
    throw parseError(
      'Too many filter conditions',
      `There are ${conditions}; at most ${queryLimits.conditions} are allowed`,
    );
  }
  return query;
}

/** A request's query string (`?…`, or empty) as parameters, once its length is checked. */
export function queryStringParams(search: string): URLSearchParams {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  if (raw.length > queryLimits.queryStringLength) {
    throw parseError(
      'The query string is too long',
      `It has ${raw.length} characters; at most ${queryLimits.queryStringLength} are allowed`,
    );
  }
  return new URLSearchParams(raw);
}

/** A request's query string (`?…`, or empty): its length first, then its parameters. */
export function parseQueryString(search: string): ParsedQuery {
  return parseQuery(queryStringParams(search));
}
