import { DEMO_COMPANY, EmployeeImportMessages, type EmployeeDto, type EmployeeImportDto, type PagedList } from '@aero/contracts';
import { unique, waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import ExcelJS from 'exceljs';
import { IMPORT_TEMPLATE } from '../src/employees/employee-imports.controller.js';
import { createUser, signedIn, startAccountsPlatform, type AccountBrowser } from './support/accounts.js';
import { accountsEvents, addEmployee, COMPANY_ADMIN_EMAIL, companyMember, newCompany } from './support/employees.js';
import { queryDb, type Platform } from './support/platform.js';

type ImportAnswer = { message: string; data: EmployeeImportDto };

describe('gateway: importing employees from a CSV or XLSX file (learning §2 employee import)', () => {
  jest.setTimeout(90_000);
  let platform: Platform;
  let admin: AccountBrowser;

  beforeAll(async () => {
    platform = await startAccountsPlatform();
    admin = await signedIn(platform, COMPANY_ADMIN_EMAIL);
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  async function upload(browser: AccountBrowser, fileName: string, content: Buffer | string): Promise<ImportAnswer> {
    const answer = await browser.call<ImportAnswer>('POST', '/employees/import', {
      file_name: fileName,
      content_base64: Buffer.from(content).toString('base64'),
    });
    expect(answer.status).toBe(202);
    expect(answer.body.message).toBe(EmployeeImportMessages.uploaded);
    return answer.body;
  }

  /** The import once it stopped moving (validated, done or failed). */
  async function settled(id: string, browser = admin): Promise<EmployeeImportDto> {
    return (await waitFor(
      async () => {
        const { body } = await browser.call<{ data: EmployeeImportDto }>('GET', `/api/employees/import/${id}`);
        return ['validated', 'done', 'failed'].includes(body.data.status) ? body.data : null;
      },
      { what: `import ${id} settled`, timeoutMs: 60_000, intervalMs: 200 },
    ))!;
  }

  async function employeesTagged(tag: string): Promise<EmployeeDto[]> {
    const { body } = await admin.call<PagedList<EmployeeDto>>('GET', `/employees-search?limit=100&query=${tag}`);
    return body.data;
  }

  it('offers a template with the columns and an example row', async () => {
    const res = await admin.request('GET', '/api/employees/import/template');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="employees-template.csv"');
    const text = await res.text();
    expect(text).toBe(IMPORT_TEMPLATE);
    expect(text.split('\n')[0]).toBe('name,email,first_name,last_name,surname,birth_date,country,department,division,position');
  });

  it('imports a file of good rows at once, with progress to 100 and employee.created for each', async () => {
    const tag = unique('good');
    const csv = ['name,email,department,country', ...[1, 2, 3].map((i) => `Good ${i} ${tag},good${i}.${tag}@example.com,${tag},lt`)].join('\n');
    const { data } = await upload(admin, 'good.csv', csv);
    expect(data).toEqual(expect.objectContaining({ file_name: 'good.csv', status: 'validating', progress: 0 }));
    const done = await settled(data.id);
    expect(done).toEqual(
      expect.objectContaining({ status: 'done', format: 'csv', progress: 100, total_rows: 3, accepted_rows: 3, rejected_rows: 0, created_rows: 3, rejected: [], error: null }),
    );
    const created = await employeesTagged(tag);
    expect(created.map((e) => e.name).sort()).toEqual([1, 2, 3].map((i) => `Good ${i} ${tag}`));
    expect(created.every((e) => e.country === 'LT' && e.department === tag)).toBe(true);
    for (const employee of created) {
      expect(await accountsEvents(platform, 'employee.created', { employeeId: employee.id, source: 'import', companyId: DEMO_COMPANY.id })).toHaveLength(1);
    }
  });

  it('reports good, bad and duplicate rows; imports only the good ones when the admin confirms, each once', async () => {
    const tag = unique('mixed');
    const known = await addEmployee(admin, { name: `Known ${tag}`, email: `known.${tag}@example.com` });
    const csv = [
      'Name;E-mail;Birth date',
      `Alpha ${tag};alpha.${tag}@example.com;1990-05-01`,
      `;nobody.${tag}@example.com;`,
      `Bravo ${tag};not-an-email;`,
      `Again ${tag};${known.email!.toUpperCase()};`,
      `Charlie ${tag};charlie.${tag}@example.com;`,
      `Twice ${tag};charlie.${tag}@example.com;`,
      `Delta ${tag};;`,
    ].join('\r\n');
    const { data } = await upload(admin, 'mixed.csv', csv);
    const report = await settled(data.id);
    expect(report).toEqual(
      expect.objectContaining({ status: 'validated', needs_confirmation: true, total_rows: 7, accepted_rows: 3, rejected_rows: 4, duplicate_rows: 2, created_rows: 0 }),
    );
    expect(report.rejected).toEqual([
      { row: 3, name: null, email: `nobody.${tag}@example.com`, errors: ['The name is required.'], duplicate: false },
      { row: 4, name: `Bravo ${tag}`, email: 'not-an-email', errors: ['The email must be a valid email address.'], duplicate: false },
      { row: 5, name: `Again ${tag}`, email: known.email!.toUpperCase(), errors: [EmployeeImportMessages.duplicateInCompany], duplicate: true },
      { row: 7, name: `Twice ${tag}`, email: `charlie.${tag}@example.com`, errors: [EmployeeImportMessages.duplicateInFile(6)], duplicate: true },
    ]);
    // Nothing is created before the confirmation.
    expect((await employeesTagged(tag)).map((e) => e.id)).toEqual([known.id]);

    const confirmed = await admin.call<ImportAnswer>('POST', `/employees/import/${data.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(EmployeeImportMessages.confirmed);
    const done = await settled(data.id);
    expect(done).toEqual(expect.objectContaining({ status: 'done', created_rows: 3, progress: 100 }));
    expect((await employeesTagged(tag)).map((e) => e.name).sort()).toEqual([`Alpha ${tag}`, `Charlie ${tag}`, `Delta ${tag}`, `Known ${tag}`].sort());

    // Confirming again (or the job running again) creates nobody twice.
    expect((await admin.call('POST', `/employees/import/${data.id}/confirm`)).status).toBe(409);
    const rows = await queryDb<{ count: number }>(platform, `SELECT count(*)::int AS count FROM accounts_invitations.employees WHERE name LIKE $1`, [`%${tag}`]);
    expect(rows[0].count).toBe(4);
  });

  it('imports an XLSX workbook the same way', async () => {
    const tag = unique('xlsx');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow(['Name', 'Email', 'Birth date', 'Position']);
    sheet.addRow([`Excel One ${tag}`, `one.${tag}@example.com`, new Date(Date.UTC(1985, 10, 3)), 'Planner']);
    sheet.addRow([`Excel Two ${tag}`, `two.${tag}@example.com`, null, 'Storekeeper']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const { data } = await upload(admin, 'people.xlsx', bytes);
    const done = await settled(data.id);
    expect(done).toEqual(expect.objectContaining({ status: 'done', format: 'xlsx', created_rows: 2 }));
    const created = await employeesTagged(tag);
    expect(created.map((e) => [e.name, e.birth_date, e.position])).toEqual([
      [`Excel One ${tag}`, '1985-11-03', 'Planner'],
      [`Excel Two ${tag}`, null, 'Storekeeper'],
    ]);
  });

  it('a file that cannot be read imports nothing and says why', async () => {
    const before = await queryDb<{ count: number }>(platform, `SELECT count(*)::int AS count FROM accounts_invitations.employees`);
    const broken = await upload(admin, 'broken.xlsx', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]));
    expect(await settled(broken.data.id)).toEqual(expect.objectContaining({ status: 'failed', created_rows: 0, error: expect.stringMatching(/^The file could not be read: /) }));
    const binary = await upload(admin, 'binary.csv', Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe, 0x00]));
    expect(await settled(binary.data.id)).toEqual(expect.objectContaining({ status: 'failed', error: 'The file could not be read: it is not UTF-8 text.' }));
    const headerless = await upload(admin, 'noheader.csv', 'Lina,lina@example.com\n');
    expect(await settled(headerless.data.id)).toEqual(expect.objectContaining({ status: 'failed', error: EmployeeImportMessages.noHeader }));
    const after = await queryDb<{ count: number }>(platform, `SELECT count(*)::int AS count FROM accounts_invitations.employees`);
    expect(after[0].count).toBe(before[0].count);
    expect((await admin.call('POST', `/employees/import/${broken.data.id}/confirm`)).status).toBe(409);
  });

  it('checks the upload at the edge: a file name of another type, nothing sent, not base64', async () => {
    const answer = await admin.call('POST', '/employees/import', { file_name: 'people.pdf', content_base64: 'not base64!' });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(
      expect.objectContaining({ errors: { file_name: [EmployeeImportMessages.fileType], content_base64: [EmployeeImportMessages.fileType] } }),
    );
    const empty = await admin.call('POST', '/employees/import', {});
    expect(empty.body).toEqual(expect.objectContaining({ errors: { file_name: ['The file name is required.'], content_base64: [EmployeeImportMessages.fileRequired] } }));
  });

  it('another company never sees or confirms an import by its id; a coordinator imports, a reports viewer may not', async () => {
    const { data } = await upload(admin, 'mine.csv', `name,email\nMine ${unique()},mine.${unique()}@example.com,extra\nBad row\n`);
    await settled(data.id);
    const rival = (await newCompany(platform)).admin;
    expect((await rival.call('GET', `/api/employees/import/${data.id}`)).status).toBe(404);
    expect((await rival.call('POST', `/employees/import/${data.id}/confirm`)).status).toBe(404);
    // The coordinator's import is the company's: its admin follows it too.
    const { browser: coordinator } = await companyMember(platform, admin, 'coordinator');
    const tag = unique('coord');
    const theirs = await upload(coordinator, 'coordinated.csv', `name,email\nCoordinated ${tag},coordinated.${tag}@example.com\n`);
    expect(await settled(theirs.data.id)).toEqual(expect.objectContaining({ status: 'done', created_rows: 1 }));
    expect((await employeesTagged(tag)).map((e) => e.name)).toEqual([`Coordinated ${tag}`]);
    const { browser: viewer } = await companyMember(platform, admin, 'reports_viewer');
    expect((await viewer.call('GET', '/api/employees/import/template')).status).toBe(403);
    expect((await viewer.call('POST', '/employees/import', { file_name: 'a.csv', content_base64: 'bmFtZQo=' })).status).toBe(403);
    expect((await viewer.call('GET', `/api/employees/import/${data.id}`)).status).toBe(403);
    const student = await createUser(platform, ['student']);
    const studentBrowser = await signedIn(platform, student.email, student.password);
    expect((await studentBrowser.call('GET', '/api/employees/import/template')).status).toBe(403);
  });
});
