/**
 * CSV for spreadsheets (RFC 4180): every field quoted, CRLF between records, and a UTF-8 byte
 * order mark in front so Excel reads the file as UTF-8 (Vietnamese names stay intact) rather than
 * in the machine's legacy code page. A dozen lines of rules, so written here rather than pulled in
 * as a library, and kept pure so each rule is unit-tested.
 *
 * Guests type the names and notes that end up in a host's spreadsheet, so a field that a
 * spreadsheet would run as a formula is neutralised with a leading apostrophe (OWASP's advice for
 * CSV injection). Spreadsheets skip what comes first before they look (spaces, line breaks, tabs)
 * and some read the full-width forms of the signs as the ASCII ones (an IME types ＝ for =), so
 * the test is the first character that is not blank: = + - @ or ＝ ＋ － ＠. A field that starts
 * with a tab or carriage return is neutralised whatever follows, as before. The cost: a mobile
 * number written "+84 …" shows as "'+84 …".
 */

export type CsvValue = string | number | boolean | null | undefined;

/** U+FEFF, written as UTF-8 (EF BB BF) when the text is encoded. */
export const byteOrderMark = '\uFEFF';

/**
 * Blanks (\s: spaces of every width, tab, line feed, carriage return, no-break and ideographic
 * spaces…) and then a formula sign, ASCII or full-width (U+FF1D ＝, U+FF0B ＋, U+FF0D －, U+FF20 ＠);
 * or a tab or carriage return first, whatever follows.
 */
const formulaStart = /^(?:\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/u;

/** A field's text as a spreadsheet will show it, never as a formula. */
export function neutraliseFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** One field: the value as text (empty for null), formula-neutralised, quoted with " doubled. */
export function csvField(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : neutraliseFormula(String(value));
  return `"${text.replaceAll('"', '""')}"`;
}

/** The records of a table, its header first, each ended by CRLF, without the byte order mark. */
export function csvRecords(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((record) => `${record.map(csvField).join(',')}\r\n`).join('');
}

/** A whole file: the byte order mark, then the records. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return byteOrderMark + csvRecords(header, rows);
}
