import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { readImportFile, UnreadableFileError } from './import-file.js';
import { checkRows, columnOf } from './import-rows.js';

const isCountry = (id: string) => ['LT', 'LV', 'EE'].includes(id.toUpperCase());

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Employees');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('reading an import file', () => {
  it('reads a CSV with a BOM, quoted fields and either separator', async () => {
    const comma = await readImportFile(Buffer.from('\uFEFFname,email\n"Vaitkė, Lina",lina@example.com\n\nJonas,\n'), 'people.csv');
    expect(comma).toEqual({ format: 'csv', header: ['name', 'email'], rows: [['Vaitkė, Lina', 'lina@example.com'], ['Jonas', '']] });
    const semicolon = await readImportFile(Buffer.from('Name;E-mail\nOna;ona@example.com\n'), 'people.csv');
    expect(semicolon.rows).toEqual([['Ona', 'ona@example.com']]);
  });

  it('reads the first sheet of an XLSX workbook, dates as YYYY-MM-DD', async () => {
    const bytes = await xlsx([
      ['name', 'email', 'birth_date'],
      ['Lina', 'lina@example.com', new Date(Date.UTC(1990, 4, 1))],
      [],
      ['Jonas', null, null],
    ]);
    const table = await readImportFile(bytes, 'people.xlsx');
    expect(table).toEqual({ format: 'xlsx', header: ['name', 'email', 'birth_date'], rows: [['Lina', 'lina@example.com', '1990-05-01'], ['Jonas']] });
  });

  it('refuses what cannot be read: empty, not UTF-8, binary, a broken workbook, broken quoting', async () => {
    const cases: [Buffer, string][] = [
      [Buffer.alloc(0), 'a.csv'],
      [Buffer.from([0x6e, 0x61, 0xff, 0xfe, 0x0a]), 'a.csv'],
      [Buffer.from('name\n\u0000\u0001'), 'a.csv'],
      [Buffer.from('PK\u0003\u0004not really a zip'), 'a.xlsx'],
      [Buffer.from('name,email\n"unterminated,x\n'), 'a.csv'],
      [Buffer.from('name,email\n'), 'a.xlsx'],
    ];
    for (const [bytes, name] of cases) {
      await expect(readImportFile(bytes, name)).rejects.toBeInstanceOf(UnreadableFileError);
    }
  });
});

describe('checking the rows of an import', () => {
  it('reads the header forgivingly', () => {
    expect(['Name', ' E-mail ', 'First name', 'last-name', 'Email address', 'Phone'].map(columnOf)).toEqual([
      'name',
      'email',
      'first_name',
      'last_name',
      'email',
      null,
    ]);
  });

  it('accepts good rows and rejects bad ones with their reasons, counting rows as a spreadsheet does', () => {
    const rows = checkRows(
      {
        format: 'csv',
        header: ['name', 'email', 'birth_date', 'country'],
        rows: [
          ['Lina', 'lina@example.com', '1990-05-01', 'lt'],
          ['', 'nobody@example.com', '', ''],
          ['Jonas', 'not-an-email', '1990-02-30', 'QQ'],
          ['Ona', '', '', ''],
        ],
      },
      new Set(),
      isCountry,
    );
    expect(rows.map((r) => [r.row, r.errors])).toEqual([
      [2, []],
      [3, ['The name is required.']],
      [4, ['The email must be a valid email address.', 'The birth date must be a valid date in the format YYYY-MM-DD.', 'The selected country is invalid.']],
      [5, []],
    ]);
  });

  it('reports duplicates: an e-mail the company has, or one an earlier row has', () => {
    const rows = checkRows(
      { format: 'csv', header: ['name', 'email'], rows: [['A', 'Known@Example.com'], ['B', 'b@example.com'], ['C', 'B@example.com']] },
      new Set(['known@example.com']),
      isCountry,
    );
    expect(rows.map((r) => [r.row, r.duplicate, r.errors])).toEqual([
      [2, true, ['An employee with this e-mail already exists.']],
      [3, false, []],
      [4, true, ['The same e-mail is on row 3.']],
    ]);
  });

  it('refuses a file without a name column or without rows', () => {
    expect(() => checkRows({ format: 'csv', header: ['email'], rows: [['a@example.com']] }, new Set(), isCountry)).toThrow('The file has no name column.');
    expect(() => checkRows({ format: 'csv', header: ['x', 'y'], rows: [['1', '2']] }, new Set(), isCountry)).toThrow('The first row must name the columns');
    expect(() => checkRows({ format: 'csv', header: ['name'], rows: [] }, new Set(), isCountry)).toThrow('The file has no rows to import.');
  });
});
