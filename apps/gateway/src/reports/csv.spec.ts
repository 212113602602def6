import { describe, expect, it } from '@jest/globals';
import { CSV_BOM, csvCell, csvDocument, csvLine } from './csv.js';

describe('CSV cells', () => {
  it('writes plain text, numbers and empty cells as they are', () => {
    expect(csvCell('Part-145 Initial Training')).toBe('Part-145 Initial Training');
    expect(csvCell(19900)).toBe('19900');
    expect(csvCell(-19900)).toBe('-19900');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Berg, Lena')).toBe('"Berg, Lena"');
    expect(csvCell('the "B1" course')).toBe('"the ""B1"" course"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('"')).toBe('""""');
  });

  it('writes text a spreadsheet would run as a formula with a leading apostrophe (= + - @ tab CR)', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    // Only at the start: inside a text the characters are harmless.
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('anna+test@example.com')).toBe('anna+test@example.com');
    expect(csvCell('2026-03-02T09:30:00.000Z')).toBe('2026-03-02T09:30:00.000Z');
  });
});

describe('CSV lines and documents', () => {
  it('separates cells by commas and ends lines with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('starts with the byte order mark and the header, then one line per row in the column order', () => {
    const rows = [
      { date: '2026-03-02T09:30:00.000Z', description: 'Payment of order AM-2', amount_cents: -19900, balance_after_cents: 30100 },
      { date: '2026-03-01T09:30:00.000Z', description: '=cmd|" /C calc"!A0', amount_cents: 50000, balance_after_cents: 50000 },
    ];
    expect(csvDocument(['date', 'description', 'amount_cents', 'balance_after_cents'], rows)).toBe(
      `${CSV_BOM}date,description,amount_cents,balance_after_cents\r\n` +
        '2026-03-02T09:30:00.000Z,Payment of order AM-2,-19900,30100\r\n' +
        `2026-03-01T09:30:00.000Z,"'=cmd|"" /C calc""!A0",50000,50000\r\n`,
    );
    expect(csvDocument(['a'], [])).toBe(`${CSV_BOM}a\r\n`);
  });
});
