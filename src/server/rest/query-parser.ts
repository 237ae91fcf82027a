/**
 * Parses PostgREST's query-string language (the subset postgrest-js sends) into a small syntax
 * tree. Nothing here knows the table: names are checked against the real columns when the SQL is
 * built. Anything that does not parse is a PGRST100 error.
 */
import { parseError, type RestError } from './rest-error.ts';

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
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof operators)[number];

/** Operators that take `(any)` / `(all)` and a `{a,b}` list: `like(any).{a*,b*}`. */
export const quantifiable = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'] as const;
/** Full-text operators, which take an optional language: `fts(english).word`. */
export const fullText = ['fts', 'plfts', 'phfts', 'wfts'] as const;

/** One step of a JSON path: `->key` (JSON) or `->>key` (text). Numeric keys index arrays. */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export const isValues = ['null', 'not_null', 'true', 'false', 'unknown'] as const;
export type IsValue = (typeof isValues)[number];

/** What every filter shares: the column (with a JSON path, if any) and `not.`. */
interface FilterBase {
  kind: 'filter';
  column: string;
  path?: JsonStep[];
  negated: boolean;
}

export type Condition =
  | (FilterBase & {
      op: Exclude<Operator, 'in' | 'is'>;
      value: string;
      /** `(any)` / `(all)`: the value is a `{…}` list, matched by any or all of its items. */
      quantifier?: 'any' | 'all';
      /** `fts(english)`: the text search configuration. */
      language?: string;
    })
  | (FilterBase & { op: 'in'; value: string[] })
  | (FilterBase & { op: 'is'; value: IsValue })
  | { kind: 'group'; combinator: 'and' | 'or'; negated: boolean; conditions: Condition[] };

export const aggregateFunctions = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateFunction = (typeof aggregateFunctions)[number];

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; column: string; alias: string | undefined; path?: JsonStep[]; cast?: string }
  | {
      kind: 'embed';
      /** The table or view to embed. */
      name: string;
      alias: string | undefined;
      /** `!fk_name` or `!column`: which relationship, when there are several. */
      hint: string | undefined;
      /** `!inner` keeps only rows with a match; `!left` (the default) keeps all. */
      join: 'inner' | 'left' | undefined;
      /** `...rel(cols)`: the columns land in the parent object. */
      spread: boolean;
      select: SelectItem[];
    }
  | {
      kind: 'aggregate';
      fn: AggregateFunction;
      /** Undefined for `count()`. */
      column: string | undefined;
      path?: JsonStep[];
      alias: string | undefined;
    };

export interface OrderTerm {
  column: string;
  path?: JsonStep[];
  direction: 'asc' | 'desc' | undefined;
  nulls: 'first' | 'last' | undefined;
}

/** Filters, order and paging of one embedded resource (`tables.order=name`, `tables.limit=2`). */
export interface EmbedParams {
  where: Condition[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
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
  /** By the embed's path of names or aliases, dot-separated (`tables`, `tables.table`). */
  embedded: Map<string, EmbedParams>;
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
  /** Levels of embedded resources (`a(b(c(…)))`): the dashboard's deepest read has two. */
  embedDepth: 5,
  /** Embedded resources in one request, at every level together. */
  embeds: 20,
} as const;

const identifierPattern = /^[A-Za-z_][A-Za-z0-9_$]*$/;
/** Type names a select may cast to: `::text`, `::int[]`, `::timestamp with time zone` is not one. */
const castPattern = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/;

/** `data->a->>b` as the column `data` and its JSON path. */
export function splitField(raw: string): { column: string; path?: JsonStep[] } {
  const parts = raw.split(/(->>|->)/);
  const column = parts[0] ?? '';
  if (parts.length === 1) return { column };
  const path: JsonStep[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const key = parts[i + 1] ?? '';
    if (key === '') throw parseError(`failed to parse JSON path (${raw})`, 'Expected ->key or ->>key');
    path.push({ arrow: parts[i] === '->>' ? '->>' : '->', key });
  }
  return { column, path };
}

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
  field: string,
  negated: boolean,
  opText: string,
  value: string | string[],
  fail: () => RestError,
): Condition {
  const { column, path } = splitField(field);
  const modifier = /^([a-z]+)\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(opText);
  const op = modifier?.[1] ?? opText;
  const argument = modifier?.[2];
  if (!isOperator(op)) throw fail();
  if (argument !== undefined) {
    if (Array.isArray(value)) throw fail();
    if ((fullText as readonly string[]).includes(op)) {
      return { kind: 'filter', column, path, negated, op: op as (typeof fullText)[number], value, language: argument };
    }
    if (!(quantifiable as readonly string[]).includes(op) || (argument !== 'any' && argument !== 'all')) throw fail();
    if (!/^\{.*\}$/s.test(value)) throw fail();
    return {
      kind: 'filter',
      column,
      path,
      negated,
      op: op as (typeof quantifiable)[number],
      value,
      quantifier: argument,
    };
  }
  if (op === 'in') {
    if (!Array.isArray(value)) throw fail();
    if (value.length > queryLimits.inValues) {
      throw parseError(
        'An in list is too long',
        `It has ${value.length} values; at most ${queryLimits.inValues} are allowed`,
      );
    }
    return { kind: 'filter', column, path, negated, op, value };
  }
  if (Array.isArray(value)) throw fail();
  if (op === 'is') {
    const lowered = value.toLowerCase();
    if (!isIsValue(lowered)) throw fail();
    return { kind: 'filter', column, path, negated, op, value: lowered };
  }
  return { kind: 'filter', column, path, negated, op, value };
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
  const opMatch = /^[a-z]+(\([A-Za-z0-9_]*\))?\./.exec(rest);
  if (!opMatch) throw fail();
  const dot = opMatch[0].length - 1;
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
  let op = cursor.until('.,()');
  if (cursor.peek() === '(') {
    cursor.pos += 1;
    op += `(${cursor.until(')')})`;
    cursor.expect(')', fail);
  }
  cursor.expect('.', fail);
  if (op === 'in') return operatorAndValue(column, negated, op, parseList(cursor, fail), fail);
  let value: string;
  if (cursor.peek() === '"') value = cursor.quoted(fail);
  else if (cursor.peek() === '{') {
    // An array, jsonb or any/all list: its commas belong to it.
    value = cursor.until('}');
    cursor.expect('}', fail);
    value += '}';
  } else value = cursor.until(',()');
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

/** A name in select: double-quoted, or up to the next separator. */
function selectName(cursor: Cursor, fail: () => RestError): string {
  return cursor.peek() === '"' ? cursor.quoted(fail) : cursor.until(':,()!');
}

function aggregateOf(name: string): { fn: AggregateFunction; column: string | undefined } | undefined {
  if (name === 'count') return { fn: 'count', column: undefined };
  const dot = name.lastIndexOf('.');
  const fn = name.slice(dot + 1);
  if (dot <= 0 || !(aggregateFunctions as readonly string[]).includes(fn)) return undefined;
  return { fn: fn as AggregateFunction, column: name.slice(0, dot) };
}

interface SelectBudget {
  embeds: number;
}

/** Items up to the end or a closing parenthesis (left for the caller). */
function parseSelectItems(cursor: Cursor, depth: number, budget: SelectBudget, fail: () => RestError): SelectItem[] {
  const items: SelectItem[] = [];
  for (;;) {
    if (cursor.peek() === '*') {
      cursor.pos += 1;
      items.push({ kind: 'star' });
    } else {
      const spread = cursor.startsWith('...');
      if (spread) cursor.pos += 3;
      let alias: string | undefined;
      let name = selectName(cursor, fail);
      if (cursor.peek() === ':' && cursor.text[cursor.pos + 1] !== ':') {
        cursor.pos += 1;
        alias = name;
        name = selectName(cursor, fail);
      }
      if (name === '' || alias === '' || (alias !== undefined && !identifierPattern.test(alias))) throw fail();
      const hints: string[] = [];
      while (cursor.peek() === '!') {
        cursor.pos += 1;
        const hint = cursor.until(':,()!');
        if (hint === '') throw fail();
        hints.push(hint);
      }
      if (cursor.peek() === '(') {
        cursor.pos += 1;
        const aggregate = aggregateOf(name);
        if (aggregate && cursor.peek() === ')' && !spread && hints.length === 0) {
          cursor.pos += 1;
          const field = aggregate.column === undefined ? undefined : splitField(aggregate.column);
          items.push({ kind: 'aggregate', fn: aggregate.fn, column: field?.column, path: field?.path, alias });
        } else {
          if (depth >= queryLimits.embedDepth) {
            throw parseError(
              'Embedded resources are nested too deeply',
              `At most ${queryLimits.embedDepth} levels are allowed`,
            );
          }
          budget.embeds += 1;
          if (budget.embeds > queryLimits.embeds) {
            throw parseError('Too many embedded resources', `At most ${queryLimits.embeds} are allowed`);
          }
          const join = hints.find((h) => h === 'inner' || h === 'left') as 'inner' | 'left' | undefined;
          const others = hints.filter((h) => h !== 'inner' && h !== 'left');
          if (others.length > 1 || !identifierPattern.test(name)) throw fail();
          const select = cursor.peek() === ')' ? [] : parseSelectItems(cursor, depth + 1, budget, fail);
          cursor.expect(')', fail);
          items.push({ kind: 'embed', name, alias, hint: others[0], join, spread, select });
        }
      } else {
        if (spread || hints.length > 0) throw fail();
        let cast: string | undefined;
        if (cursor.startsWith('::')) {
          cursor.pos += 2;
          cast = cursor.until(',()');
          if (!castPattern.test(cast)) throw fail();
        }
        const field = splitField(name);
        if (field.column === '') throw fail();
        const item: SelectItem = { kind: 'column', column: field.column, alias };
        if (field.path) item.path = field.path;
        if (cast) item.cast = cast;
        items.push(item);
      }
    }
    if (cursor.done || cursor.peek() === ')') {
      checkEntries('select', items.length);
      return items;
    }
    cursor.expect(',', fail);
  }
}

export function parseSelect(raw: string): SelectItem[] {
  const fail = () => parseError(`failed to parse select parameter (${raw})`);
  const cursor = new Cursor(stripWhitespace(raw));
  if (cursor.done) return [{ kind: 'star' }];
  const items = parseSelectItems(cursor, 0, { embeds: 0 }, fail);
  if (!cursor.done) throw fail();
  return items;
}

export function parseOrder(raw: string): OrderTerm[] {
  const fail = () =>
    parseError(`failed to parse order (${raw})`, 'Expected column[.asc|.desc][.nullsfirst|.nullslast]');
  const cursor = new Cursor(stripWhitespace(raw));
  const terms: OrderTerm[] = [];
  for (;;) {
    const column = cursor.peek() === '"' ? cursor.quoted(fail) : cursor.until('.,');
    if (column === '') throw fail();
    const field = splitField(column);
    const term: OrderTerm = { column: field.column, direction: undefined, nulls: undefined };
    if (field.path) term.path = field.path;
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

/** `tables.name` → the embed `tables` and the key `name`; `tables.not.or` → `tables` and `not.or`. */
function embedTarget(key: string): { path: string; key: string } | undefined {
  if (logicKeys.has(key) || reserved.has(key)) return undefined;
  const negatedLogic = /^(.+)\.(not\.(?:and|or))$/.exec(key);
  if (negatedLogic?.[1] && negatedLogic[2]) return { path: negatedLogic[1], key: negatedLogic[2] };
  // A JSON path (`data->a.b`) is not split inside its keys: only dots before the first arrow.
  const arrow = key.search(/->/);
  const head = arrow < 0 ? key : key.slice(0, arrow);
  const dot = head.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return { path: key.slice(0, dot), key: key.slice(dot + 1) };
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
    embedded: new Map(),
  };
  for (const [key, value] of params) {
    if (key.includes('\u0000') || value.includes('\u0000')) {
      // Postgres text cannot hold it; say so here rather than let the driver fail on it.
      throw parseError('The query string holds a NUL character (%00)', 'Text in Postgres cannot contain NUL');
    }
    const embed = embedTarget(key);
    if (embed) {
      let target = query.embedded.get(embed.path);
      if (!target) {
        target = { where: [], order: [], limit: undefined, offset: undefined };
        query.embedded.set(embed.path, target);
      }
      applyParam(target, embed.key, value);
    } else if (key === 'select') query.select = parseSelect(value);
    else if (key === 'columns') {
      query.columns = parseNames(value, () => parseError(`failed to parse columns parameter (${value})`));
      checkEntries('columns', query.columns.length);
    } else if (key === 'on_conflict') {
      query.onConflict = parseNames(value, () => parseError(`failed to parse on_conflict parameter (${value})`));
      checkEntries('on_conflict', query.onConflict.length);
    } else applyParam(query, key, value);
  }
  const conditions =
    conditionCount(query.where) + [...query.embedded.values()].reduce((sum, e) => sum + conditionCount(e.where), 0);
  if (conditions > queryLimits.conditions) {
    throw parseError(
      'Too many filter conditions',
      `There are ${conditions}; at most ${queryLimits.conditions} are allowed`,
    );
  }
  return query;
}

/** order, limit, offset, a logic tree or a filter, of the request or of one embedded resource. */
function applyParam(target: EmbedParams, key: string, value: string): void {
  if (key === 'order') target.order = value === '' ? [] : parseOrder(value);
  else if (key === 'limit') target.limit = parseCount('limit', value);
  else if (key === 'offset') target.offset = parseCount('offset', value);
  else if (logicKeys.has(key)) target.where.push(parseLogicTree(key as 'and' | 'or' | 'not.and' | 'not.or', value));
  else target.where.push(parseFilter(key, value));
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
