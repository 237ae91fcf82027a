import { describe, expect, it } from 'vitest';
import { byteOrderMark, csvDocument, csvField, csvRecords, neutraliseFormula } from './csv.ts';

describe('csv', () => {
  it('quotes every field and doubles quotes inside, keeping commas and line breaks in the field', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('O"Brien, table 4')).toBe('"O""Brien, table 4"');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField(null)).toBe('""');
    expect(csvField(undefined)).toBe('""');
    expect(csvField(6)).toBe('"6"');
    expect(csvField(true)).toBe('"true"');
  });

  it('neutralises every formula start with an apostrophe, and leaves other text alone', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutraliseFormula(`${start}cmd|' /C calc'!A0`)).toBe(`'${start}cmd|' /C calc'!A0`);
    }
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('+84 912 345 678')).toBe('"\'+84 912 345 678"');
    expect(neutraliseFormula('Nguyễn Thị Minh Khai')).toBe('Nguyễn Thị Minh Khai');
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(neutraliseFormula('')).toBe('');
  });

  it('looks past leading blanks and knows the full-width signs (security review #20, item 9)', () => {
    const blanks = [' ', '  ', '\n', '\r\n', '\t ', '\u00a0', '\u3000', ' \n\t'];
    const signs = ['=', '+', '-', '@', '\uff1d', '\uff0b', '\uff0d', '\uff20'];
    for (const blank of blanks) {
      for (const sign of signs) {
        const text = `${blank}${sign}HYPERLINK("http://x","y")`;
        expect(neutraliseFormula(text), JSON.stringify(text)).toBe(`'${text}`);
      }
    }
    for (const sign of signs.slice(4)) expect(neutraliseFormula(`${sign}1+1`)).toBe(`'${sign}1+1`);
    expect(csvField(' =1+1')).toBe(`"' =1+1"`);
    // Blanks before ordinary text, and signs inside it, are left alone.
    expect(neutraliseFormula(' Nguyễn Văn A')).toBe(' Nguyễn Văn A');
    expect(neutraliseFormula('\nwindow seat')).toBe('\nwindow seat');
    expect(neutraliseFormula('Table 4 ＝ window')).toBe('Table 4 ＝ window');
    expect(neutraliseFormula('   ')).toBe('   ');
  });

  it('ends each record with CRLF and puts the header first', () => {
    expect(
      csvRecords(
        ['Name', 'Guests'],
        [
          ['Asha', 4],
          ['Binh', null],
        ],
      ),
    ).toBe('"Name","Guests"\r\n"Asha","4"\r\n"Binh",""\r\n');
  });

  it('starts a document with the UTF-8 byte order mark and keeps Vietnamese letters as they are', () => {
    const text = csvDocument(['Tên'], [['Trần Đức Ánh'], ['Lê Thị Hồng Nhung']]);
    expect(text.startsWith(byteOrderMark)).toBe(true);
    const bytes = new TextEncoder().encode(text);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFF"Tên"\r\n"Trần Đức Ánh"\r\n"Lê Thị Hồng Nhung"\r\n',
    );
  });
});
