/**
 * The `filter` of a postgres_changes subscription, as realtime-js writes it: `column=op.value`,
 * several joined by commas (all must hold), a value holding `, ( ) " \` or edge spaces written in
 * double quotes with `\` escapes, and `in.(a,b,"c,d")` for lists. Only the operators this server
 * evaluates are accepted; anything else is refused when the channel joins, never ignored.
 * The values are checked against the column's type by the database, also when joining.
 */

export const filterOperators = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'] as const;
export type FilterOperator = (typeof filterOperators)[number];

export type FilterCondition =
  | { column: string; op: Exclude<FilterOperator, 'in'>; value: string }
  | { column: string; op: 'in'; values: string[] };

export type ParsedFilter = { ok: true; conditions: FilterCondition[] } | { ok: false; message: string };

export const filterLimits = {
  /** Characters in one filter string. */
  length: 1000,
  /** Conditions joined with commas. */
  conditions: 10,
  /** Values in one `in` list. */
  inValues: 100,
};

const columnPattern = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Splits at commas outside double quotes and parentheses; undefined when quotes or parentheses do not balance. */
function splitTopLevel(text: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '\\') i += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth < 0) return undefined;
    } else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted || depth !== 0) return undefined;
  parts.push(text.slice(start));
  return parts;
}

/** A value as written: quoted (escapes undone) or plain (taken as it is). */
function readValue(raw: string): string | undefined {
  if (!raw.startsWith('"')) return raw.includes('"') ? undefined : raw;
  if (raw.length < 2 || !raw.endsWith('"')) return undefined;
  let value = '';
  for (let i = 1; i < raw.length - 1; i += 1) {
    const char = raw[i];
    if (char === '\\') {
      i += 1;
      if (i >= raw.length - 1) return undefined;
      value += raw[i];
    } else if (char === '"') return undefined;
    else value += char;
  }
  return value;
}

function parseCondition(part: string): FilterCondition | string {
  const equals = part.indexOf('=');
  if (equals < 0) return `"${part}" is not column=operator.value`;
  const column = part.slice(0, equals);
  if (!columnPattern.test(column)) return `"${column}" is not a column name`;
  const rest = part.slice(equals + 1);
  const dot = rest.indexOf('.');
  const op = dot < 0 ? rest : rest.slice(0, dot);
  if (!(filterOperators as readonly string[]).includes(op)) {
    return `the filter operator "${op}" is not supported (${filterOperators.join(', ')})`;
  }
  if (dot < 0) return `the filter on ${column} has no value`;
  const raw = rest.slice(dot + 1);
  if (op === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')')) return `in needs a list in parentheses: ${column}=in.(a,b)`;
    const items = splitTopLevel(raw.slice(1, -1));
    const values = items?.map(readValue);
    if (!values || values.some((value) => value === undefined)) return `the list for ${column} is malformed`;
    if (values.length > filterLimits.inValues) return `in takes at most ${filterLimits.inValues} values`;
    return { column, op, values: values as string[] };
  }
  const value = readValue(raw);
  if (value === undefined) return `the value for ${column} is malformed`;
  return { column, op: op as Exclude<FilterOperator, 'in'>, value };
}

export function parseFilter(text: string): ParsedFilter {
  if (text.length > filterLimits.length) {
    return { ok: false, message: `a filter may be at most ${filterLimits.length} characters` };
  }
  if (text.includes('\u0000')) return { ok: false, message: 'a filter may not contain NUL' };
  const parts = splitTopLevel(text);
  if (!parts) return { ok: false, message: 'the filter has unbalanced quotes or parentheses' };
  if (parts.length > filterLimits.conditions) {
    return { ok: false, message: `a filter may join at most ${filterLimits.conditions} conditions` };
  }
  const conditions: FilterCondition[] = [];
  for (const part of parts) {
    const condition = parseCondition(part);
    if (typeof condition === 'string') return { ok: false, message: condition };
    conditions.push(condition);
  }
  return { ok: true, conditions };
}

/** Every value a condition compares with (one, or the list of `in`). */
export function conditionValues(condition: FilterCondition): string[] {
  return condition.op === 'in' ? condition.values : [condition.value];
}
