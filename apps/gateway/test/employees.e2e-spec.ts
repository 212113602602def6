import {
  AccountMessages,
  DEMO_COMPANY,
  EmployeeMessages,
  type EmployeeCreated,
  type EmployeeDto,
  type EmployeeGroupDto,
  type EmployeeRemoved,
  type EmployeeUpdated,
  type PaginationMeta,
} from '@aero/contracts';
import { unique } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createUser, signedIn, startAccountsPlatform, visitor, type AccountBrowser } from './support/accounts.js';
import { accountsEvents, addEmployee, COMPANY_ADMIN_EMAIL, companyMember, newCompany } from './support/employees.js';
import type { Platform } from './support/platform.js';

type Page = { data: EmployeeDto[]; meta: { pagination: PaginationMeta } };
type GroupAnswer = { message: string; group: { data: EmployeeGroupDto } };

const FORM_INVALID = AccountMessages.formInvalid;
const NOT_FOUND = { message: EmployeeMessages.notFound, code: 'not_found' };
const GROUP_NOT_FOUND = { message: EmployeeMessages.groupNotFound, code: 'not_found' };

/** What a form reads of a 422: the message and the errors per field (the error code is for programs). */
function refusal(body: unknown): { message: unknown; errors: unknown } {
  const { message, errors } = body as { message: unknown; errors: unknown };
  return { message, errors };
}

describe('gateway: employees and employee groups of a company (learning §2, §5, §7)', () => {
  jest.setTimeout(60_000);
  let platform: Platform;
  /** The demo company's admin (Nordic Line Maintenance). */
  let admin: AccountBrowser;
  /** The admin of another company. */
  let rival: AccountBrowser;

  beforeAll(async () => {
    platform = await startAccountsPlatform();
    admin = await signedIn(platform, COMPANY_ADMIN_EMAIL);
    rival = (await newCompany(platform)).admin;
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  describe('POST /employees', () => {
    it('adds an employee with name and email and answers it', async () => {
      const email = `${unique('lina')}@example.com`;
      const answer = await admin.call<{ message: string; data: EmployeeDto }>('POST', '/employees', { name: 'Lina Vaitkė', email });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        message: EmployeeMessages.created,
        data: {
          id: expect.any(String),
          name: 'Lina Vaitkė',
          first_name: null,
          last_name: null,
          surname: null,
          email,
          birth_date: null,
          country: null,
          department: null,
          division: null,
          position: null,
          user_id: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      });
    });

    it("refuses an e-mail the company already has (any case): 'already exists, use Share instead'", async () => {
      const first = await addEmployee(admin);
      const again = await admin.call('POST', '/employees', { name: 'Someone else', email: first.email!.toUpperCase() });
      expect(again.status).toBe(422);
      expect(refusal(again.body)).toEqual({ message: FORM_INVALID, errors: { email: [EmployeeMessages.duplicateEmail] } });
      expect(EmployeeMessages.duplicateEmail).toContain('already exists, use Share instead');
    });

    it('lets another company add a person with the same e-mail (e-mails are unique per company)', async () => {
      const mine = await addEmployee(admin);
      const theirs = await rival.call<{ data: EmployeeDto }>('POST', '/employees', { name: 'Same person', email: mine.email });
      expect(theirs.status).toBe(201);
      expect(theirs.body.data.id).not.toBe(mine.id);
    });

    it('requires name and email, with the errors per field', async () => {
      const empty = await admin.call('POST', '/employees', {});
      expect(empty.status).toBe(422);
      expect(refusal(empty.body)).toEqual({ message: FORM_INVALID, errors: { name: ['The name is required.'], email: ['The email is required.'] } });
      const bad = await admin.call('POST', '/employees', { name: 'A', email: 'not-an-email' });
      expect(refusal(bad.body)).toEqual({ message: FORM_INVALID, errors: { email: ['The email must be a valid email address.'] } });
      const extra = await admin.call('POST', '/employees', { name: 'A', email: 'a@example.com', company_id: DEMO_COMPANY.id });
      expect(extra.status).toBe(422);
      expect(refusal(extra.body)).toEqual({ message: FORM_INVALID, errors: { company_id: ['property company_id should not exist'] } });
    });

    it('records employee.created with the whole employee', async () => {
      const employee = await addEmployee(admin, { department: 'Line maintenance', country: 'lt' });
      const [event] = await accountsEvents<EmployeeCreated>(platform, 'employee.created', { employeeId: employee.id });
      expect(event.data).toEqual(
        expect.objectContaining({
          employeeId: employee.id,
          companyId: DEMO_COMPANY.id,
          name: employee.name,
          email: employee.email,
          department: 'Line maintenance',
          country: 'LT',
          source: 'form',
          createdBy: expect.any(String),
        }),
      );
    });
  });

  describe('the employee page and edit page (GET /api/employees/{id}, PATCH /employees/{id})', () => {
    it('reads an employee and edits every field of the spec', async () => {
      const employee = await addEmployee(admin);
      const read = await admin.call<{ data: EmployeeDto }>('GET', `/api/employees/${employee.id}`);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(employee);

      const fields = {
        name: 'Jonas Petraitis',
        first_name: 'Jonas',
        last_name: 'Petraitis',
        surname: 'Petraitis-Kairys',
        email: `${unique('jonas')}@example.com`,
        birth_date: '1988-04-12',
        country: 'lt',
        department: 'Base maintenance',
        division: 'Hangar 2',
        position: 'B1 engineer',
      };
      const edited = await admin.call<{ message: string; data: EmployeeDto }>('PATCH', `/employees/${employee.id}`, fields);
      expect(edited.status).toBe(200);
      expect(edited.body.message).toBe(EmployeeMessages.updated);
      expect(edited.body.data).toEqual(expect.objectContaining({ ...fields, country: 'LT', id: employee.id }));
      expect((await admin.call<{ data: EmployeeDto }>('GET', `/api/employees/${employee.id}`)).body.data).toEqual(edited.body.data);

      const [event] = await accountsEvents<EmployeeUpdated>(platform, 'employee.updated', { employeeId: employee.id });
      expect(event.data.changed.sort()).toEqual(
        ['name', 'firstName', 'lastName', 'surname', 'email', 'birthDate', 'country', 'department', 'division', 'position'].sort(),
      );
      expect(event.data).toEqual(expect.objectContaining({ email: fields.email, position: 'B1 engineer', updatedBy: expect.any(String) }));
    });

    it('keeps the fields not sent, clears an empty one (a person may have no e-mail), and still requires the name', async () => {
      const employee = await addEmployee(admin, { department: 'Stores' });
      const cleared = await admin.call<{ data: EmployeeDto }>('PATCH', `/employees/${employee.id}`, { email: '' });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toEqual(expect.objectContaining({ email: null, department: 'Stores', name: employee.name }));
      const noName = await admin.call('PATCH', `/employees/${employee.id}`, { name: '  ' });
      expect(refusal(noName.body)).toEqual({ message: FORM_INVALID, errors: { name: ['The name is required.'] } });
    });

    it('answers the field errors of the edit form: dates, countries, e-mails, lengths', async () => {
      const employee = await addEmployee(admin);
      const answer = await admin.call('PATCH', `/employees/${employee.id}`, {
        birth_date: '2023-02-30',
        email: 'nope',
        position: 'x'.repeat(101),
      });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        message: FORM_INVALID,
        errors: {
          email: ['The email must be a valid email address.'],
          birth_date: [AccountMessages.birthDateFormat],
          position: ['The position must have up to 100 characters.'],
        },
      });
      const future = await admin.call('PATCH', `/employees/${employee.id}`, { birth_date: '2999-01-01' });
      expect(refusal(future.body)).toEqual({ message: FORM_INVALID, errors: { birth_date: [AccountMessages.birthDatePast] } });
      const country = await admin.call('PATCH', `/employees/${employee.id}`, { country: 'QQ' });
      expect(refusal(country.body)).toEqual({ message: FORM_INVALID, errors: { country: ['The selected country is invalid.'] } });
    });

    it("refuses to give an employee another employee's e-mail", async () => {
      const [one, two] = [await addEmployee(admin), await addEmployee(admin)];
      const answer = await admin.call('PATCH', `/employees/${two.id}`, { email: one.email });
      expect(refusal(answer.body)).toEqual({ message: FORM_INVALID, errors: { email: [EmployeeMessages.duplicateEmail] } });
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        expect(await admin.call('GET', `/api/employees/${id}`)).toEqual(expect.objectContaining({ status: 404, body: NOT_FOUND }));
        expect((await admin.call('PATCH', `/employees/${id}`, { name: 'X' })).status).toBe(404);
        expect((await admin.call('DELETE', `/employees/${id}`)).status).toBe(404);
      }
    });
  });

  describe('DELETE /employees/{id}', () => {
    it('removes the employee and their group memberships, and records employee.removed', async () => {
      const employee = await addEmployee(admin);
      const group = await admin.call<GroupAnswer>('POST', '/employee-group', { name: unique('Night shift '), employee_ids: [employee.id] });
      expect(group.body.group.data.employees_count).toBe(1);
      const removed = await admin.call('DELETE', `/employees/${employee.id}`);
      expect(removed).toEqual(expect.objectContaining({ status: 200, body: { message: EmployeeMessages.removed } }));
      expect((await admin.call('GET', `/api/employees/${employee.id}`)).status).toBe(404);
      expect((await admin.call('DELETE', `/employees/${employee.id}`)).status).toBe(404);
      const after = await admin.call<{ data: EmployeeGroupDto }>('GET', `/employee-group/${group.body.group.data.id}`);
      expect(after.body.data).toEqual(expect.objectContaining({ employees_count: 0, employees: { data: [] } }));
      const [event] = await accountsEvents<EmployeeRemoved>(platform, 'employee.removed', { employeeId: employee.id });
      expect(event.data).toEqual(
        expect.objectContaining({ companyId: DEMO_COMPANY.id, email: employee.email, groupIds: [group.body.group.data.id] }),
      );
    });
  });

  describe('the employee list (GET /api/employees)', () => {
    it('lists by name with search and pages of 10 to 50', async () => {
      const tag = unique('dept');
      const names = Array.from({ length: 12 }, (_, i) => `Zed ${String(i).padStart(2, '0')} ${tag}`);
      for (const name of [...names].reverse()) await addEmployee(admin, { name, department: tag });
      const first = await admin.call<Page>('GET', `/api/employees?search=${tag}`);
      expect(first.status).toBe(200);
      expect(first.body.data.map((e) => e.name)).toEqual(names.slice(0, 10));
      expect(first.body.meta.pagination).toEqual({ total: 12, count: 10, per_page: 10, current_page: 1, total_pages: 2 });
      const second = await admin.call<Page>('GET', `/api/employees?search=${tag}&page=2`);
      expect(second.body.data.map((e) => e.name)).toEqual(names.slice(10));
      const wide = await admin.call<Page>('GET', `/api/employees?search=${tag.toUpperCase()}&per_page=20`);
      expect(wide.body.meta.pagination).toEqual({ total: 12, count: 12, per_page: 20, current_page: 1, total_pages: 1 });
      const bad = await admin.call('GET', '/api/employees?per_page=15&page=0');
      expect(refusal(bad.body)).toEqual({ message: FORM_INVALID, errors: { page: [EmployeeMessages.page], per_page: [EmployeeMessages.perPage] } });
    });

    it('takes search text literally (% and _ are not wildcards)', async () => {
      const tag = unique('pct');
      await addEmployee(admin, { name: `100% ${tag}` });
      await addEmployee(admin, { name: `1000 ${tag}` });
      const answer = await admin.call<Page>('GET', `/api/employees?search=${encodeURIComponent(`100% ${tag}`)}`);
      expect(answer.body.data.map((e) => e.name)).toEqual([`100% ${tag}`]);
    });
  });

  describe('GET /employees-search (learning §7, §9)', () => {
    let tag: string;
    let people: EmployeeDto[];

    beforeAll(async () => {
      tag = unique('srch');
      people = [];
      for (const name of ['Anna', 'Bruno', 'Carla']) people.push(await addEmployee(admin, { name: `${name} ${tag}`, division: `Div ${tag}` }));
    });

    it('finds by name, e-mail, department, division or position; answers data and meta.pagination.total', async () => {
      const answer = await admin.call<Page>('GET', `/employees-search?limit=100&query=${tag}&page=1`);
      expect(answer.status).toBe(200);
      expect(answer.body.data.map((e) => e.id)).toEqual(people.map((p) => p.id));
      expect(answer.body.meta.pagination).toEqual({ total: 3, count: 3, per_page: 100, current_page: 1, total_pages: 1 });
      const byEmail = await admin.call<Page>('GET', `/employees-search?limit=100&query=${encodeURIComponent(people[1].email!)}`);
      expect(byEmail.body.data.map((e) => e.id)).toEqual([people[1].id]);
    });

    it('leaves out the ids already chosen (`not`, as a list or repeated)', async () => {
      const comma = await admin.call<Page>('GET', `/employees-search?limit=100&query=${tag}&not=${people[0].id},${people[2].id}`);
      expect(comma.body.data.map((e) => e.id)).toEqual([people[1].id]);
      expect(comma.body.meta.pagination.total).toBe(1);
      const repeated = await admin.call<Page>('GET', `/employees-search?limit=100&query=${tag}&not=${people[0].id}&not=${people[1].id}`);
      expect(repeated.body.data.map((e) => e.id)).toEqual([people[2].id]);
    });

    it('an empty query finds nobody unless show_all=1, which lists everyone by name', async () => {
      const none = await admin.call<Page>('GET', '/employees-search?limit=100&query=');
      expect(none.body).toEqual({ data: [], meta: { pagination: { total: 0, count: 0, per_page: 100, current_page: 1, total_pages: 1 } } });
      const all = await admin.call<Page>('GET', '/employees-search?limit=100&query=&show_all=1');
      expect(all.body.meta.pagination.total).toBeGreaterThanOrEqual(3);
      const names = all.body.data.map((e) => e.name.toLowerCase());
      expect(names).toEqual([...names].sort());
    });

    it('pages by `limit` (at most 100)', async () => {
      const page2 = await admin.call<Page>('GET', `/employees-search?limit=2&query=${tag}&page=2`);
      expect(page2.body.data.map((e) => e.id)).toEqual([people[2].id]);
      expect(page2.body.meta.pagination).toEqual({ total: 3, count: 1, per_page: 2, current_page: 2, total_pages: 2 });
      const tooMany = await admin.call('GET', '/employees-search?limit=101&query=a');
      expect(refusal(tooMany.body)).toEqual({ message: FORM_INVALID, errors: { limit: [EmployeeMessages.searchLimit] } });
    });
  });

  describe('groups (GET/POST /employee-group, PATCH/DELETE /employee-group/{id})', () => {
    it('creates a group, sets its members (answering group.data.employees.data) and renames it (answering group.data)', async () => {
      const [b, a] = [await addEmployee(admin, { name: `Bea ${unique()}` }), await addEmployee(admin, { name: `Ada ${unique()}` })];
      const name = unique('A-check crew ');
      const created = await admin.call<GroupAnswer>('POST', '/employee-group', { name });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ message: EmployeeMessages.groupCreated, group: { data: { id: expect.any(String), name, employees_count: 0, employees: { data: [] } } } });
      const id = created.body.group.data.id;

      const members = await admin.call<GroupAnswer>('PATCH', `/employee-group/${id}`, { employee_ids: [b.id, a.id] });
      expect(members.status).toBe(200);
      expect(members.body.message).toBe(EmployeeMessages.groupMembersSaved);
      expect(members.body.group.data.employees!.data.map((e) => e.id)).toEqual([a.id, b.id]);
      expect(members.body.group.data.employees_count).toBe(2);

      const fewer = await admin.call<GroupAnswer>('PATCH', `/employee-group/${id}`, { employee_ids: [b.id] });
      expect(fewer.body.group.data.employees!.data.map((e) => e.id)).toEqual([b.id]);

      const renamed = await admin.call<GroupAnswer>('PATCH', `/employee-group/${id}`, { name: `${name} (renamed)` });
      expect(renamed.body).toEqual({
        message: EmployeeMessages.groupRenamed,
        group: { data: expect.objectContaining({ id, name: `${name} (renamed)`, employees_count: 1 }) },
      });
    });

    it('lists the groups with their members; without-employees=1 leaves the members out', async () => {
      const member = await addEmployee(admin);
      const name = unique('Listed ');
      const { body } = await admin.call<GroupAnswer>('POST', '/employee-group', { name, employee_ids: [member.id] });
      const withMembers = await admin.call<{ data: EmployeeGroupDto[] }>('GET', '/employee-group');
      expect(withMembers.status).toBe(200);
      expect(withMembers.body.data.find((g) => g.id === body.group.data.id)).toEqual({ id: body.group.data.id, name, employees_count: 1, employees: { data: [member] } });
      const bare = await admin.call<{ data: EmployeeGroupDto[] }>('GET', '/employee-group?without-employees=1');
      expect(bare.body.data.find((g) => g.id === body.group.data.id)).toEqual({ id: body.group.data.id, name, employees_count: 1 });
      const names = bare.body.data.map((g) => g.name.toLowerCase());
      expect(names).toEqual([...names].sort());
    });

    it('requires a name to create or rename, refuses a name the company has, and unknown members', async () => {
      const { body } = await admin.call<GroupAnswer>('POST', '/employee-group', { name: unique('Kept ') });
      const id = body.group.data.id;
      expect(refusal((await admin.call('POST', '/employee-group', {})).body)).toEqual({ message: FORM_INVALID, errors: { name: ['The name is required.'] } });
      expect(refusal((await admin.call('PATCH', `/employee-group/${id}`, { name: '' })).body)).toEqual({ message: FORM_INVALID, errors: { name: ['The name is required.'] } });
      expect(refusal((await admin.call('PATCH', `/employee-group/${id}`, {})).body)).toEqual({ message: FORM_INVALID, errors: { name: [EmployeeMessages.groupChangeRequired] } });
      const other = await admin.call<GroupAnswer>('POST', '/employee-group', { name: unique('Other ') });
      const taken = await admin.call('PATCH', `/employee-group/${id}`, { name: other.body.group.data.name.toUpperCase() });
      expect(refusal(taken.body)).toEqual({ message: FORM_INVALID, errors: { name: [EmployeeMessages.groupNameTaken] } });
      const unknown = await admin.call('PATCH', `/employee-group/${id}`, { employee_ids: ['00000000-0000-4000-8000-000000000000'] });
      expect(refusal(unknown.body)).toEqual({ message: FORM_INVALID, errors: { employee_ids: [EmployeeMessages.employeesInvalid] } });
      const notList = await admin.call('PATCH', `/employee-group/${id}`, { employee_ids: 'abc' });
      expect(refusal(notList.body)).toEqual({ message: FORM_INVALID, errors: { employee_ids: [EmployeeMessages.employeeIdsNotList] } });
    });

    it('removes a group; its employees stay', async () => {
      const member = await addEmployee(admin);
      const { body } = await admin.call<GroupAnswer>('POST', '/employee-group', { name: unique('Gone '), employee_ids: [member.id] });
      const removed = await admin.call('DELETE', `/employee-group/${body.group.data.id}`);
      expect(removed).toEqual(expect.objectContaining({ status: 200, body: { message: EmployeeMessages.groupRemoved } }));
      expect(await admin.call('GET', `/employee-group/${body.group.data.id}`)).toEqual(expect.objectContaining({ status: 404, body: GROUP_NOT_FOUND }));
      expect((await admin.call('GET', `/api/employees/${member.id}`)).status).toBe(200);
    });
  });

  describe('company isolation: another company never sees or changes these by changing an id', () => {
    let employee: EmployeeDto;
    let group: EmployeeGroupDto;

    beforeAll(async () => {
      employee = await addEmployee(admin, { name: `Isolated ${unique()}`, department: 'Secret' });
      group = (await admin.call<GroupAnswer>('POST', '/employee-group', { name: unique('Isolated '), employee_ids: [employee.id] })).body.group.data;
    });

    it('GET /api/employees/{id}: 404', async () => {
      expect(await rival.call('GET', `/api/employees/${employee.id}`)).toEqual(expect.objectContaining({ status: 404, body: NOT_FOUND }));
    });

    it('PATCH /employees/{id}: 404, and nothing changes', async () => {
      expect((await rival.call('PATCH', `/employees/${employee.id}`, { name: 'Taken over' })).status).toBe(404);
      expect((await admin.call<{ data: EmployeeDto }>('GET', `/api/employees/${employee.id}`)).body.data.name).toBe(employee.name);
    });

    it('DELETE /employees/{id}: 404, and the employee stays', async () => {
      expect((await rival.call('DELETE', `/employees/${employee.id}`)).status).toBe(404);
      expect((await admin.call('GET', `/api/employees/${employee.id}`)).status).toBe(200);
    });

    it('GET /api/employees and GET /employees-search: only their own employees', async () => {
      const list = await rival.call<Page>('GET', `/api/employees?search=${encodeURIComponent(employee.name)}`);
      expect(list.body.data).toEqual([]);
      const search = await rival.call<Page>('GET', `/employees-search?limit=100&query=&show_all=1`);
      expect(search.body.data.map((e) => e.id)).not.toContain(employee.id);
    });

    it('GET /employee-group and GET /employee-group/{id}: not theirs', async () => {
      const list = await rival.call<{ data: EmployeeGroupDto[] }>('GET', '/employee-group');
      expect(list.body.data.map((g) => g.id)).not.toContain(group.id);
      expect(await rival.call('GET', `/employee-group/${group.id}`)).toEqual(expect.objectContaining({ status: 404, body: GROUP_NOT_FOUND }));
    });

    it('PATCH and DELETE /employee-group/{id}: 404, and the group stays as it was', async () => {
      expect((await rival.call('PATCH', `/employee-group/${group.id}`, { name: 'Mine now' })).status).toBe(404);
      expect((await rival.call('PATCH', `/employee-group/${group.id}`, { employee_ids: [] })).status).toBe(404);
      expect((await rival.call('DELETE', `/employee-group/${group.id}`)).status).toBe(404);
      const after = await admin.call<{ data: EmployeeGroupDto }>('GET', `/employee-group/${group.id}`);
      expect(after.body.data).toEqual(expect.objectContaining({ name: group.name, employees_count: 1 }));
    });

    it("their groups cannot take this company's employees", async () => {
      const { body } = await rival.call<GroupAnswer>('POST', '/employee-group', { name: unique('Poach ') });
      const answer = await rival.call('PATCH', `/employee-group/${body.group.data.id}`, { employee_ids: [employee.id] });
      expect(refusal(answer.body)).toEqual({ message: FORM_INVALID, errors: { employee_ids: [EmployeeMessages.employeesInvalid] } });
      const create = await rival.call('POST', '/employee-group', { name: unique('Poach '), employee_ids: [employee.id] });
      expect(create.status).toBe(422);
    });
  });

  describe('who may (docs/permissions.md: employees.view, employees.manage, employee_groups.manage)', () => {
    it('a visitor: 401 on every route', async () => {
      const guest = await visitor(platform);
      for (const [method, path] of [
        ['GET', '/api/employees'],
        ['GET', '/employees-search?query=a'],
        ['POST', '/employees'],
        ['GET', '/employee-group'],
        ['POST', '/employee-group'],
      ] as const) {
        expect([method, path, (await guest.call(method, path, method === 'GET' ? undefined : {})).status]).toEqual([method, path, 401]);
      }
    });

    it('a student without a company: 403 on every route', async () => {
      const user = await createUser(platform, ['student']);
      const student = await signedIn(platform, user.email, user.password);
      for (const [method, path] of [
        ['GET', '/api/employees'],
        ['GET', '/employees-search?query=a'],
        ['POST', '/employees'],
        ['GET', '/employee-group'],
      ] as const) {
        expect([method, path, (await student.call(method, path, method === 'GET' ? undefined : {})).status]).toEqual([method, path, 403]);
      }
    });

    it('a reports viewer of the company reads the employees and groups but changes nothing', async () => {
      const { browser } = await companyMember(platform, admin, 'reports_viewer');
      const someone = await addEmployee(admin);
      const group = (await admin.call<GroupAnswer>('POST', '/employee-group', { name: unique('Viewed '), employee_ids: [someone.id] })).body.group.data;
      expect((await browser.call('GET', '/api/employees')).status).toBe(200);
      expect((await browser.call('GET', `/api/employees/${someone.id}`)).status).toBe(200);
      expect((await browser.call('GET', '/employees-search?query=&show_all=1')).status).toBe(200);
      expect((await browser.call('GET', '/employee-group')).status).toBe(200);
      expect((await browser.call<{ data: EmployeeGroupDto }>('GET', `/employee-group/${group.id}`)).body.data.employees!.data.map((e) => e.id)).toEqual([someone.id]);
      expect((await browser.call('POST', '/employees', { name: 'X', email: `${unique()}@example.com` })).status).toBe(403);
      expect((await browser.call('PATCH', `/employees/${someone.id}`, { name: 'X' })).status).toBe(403);
      expect((await browser.call('DELETE', `/employees/${someone.id}`)).status).toBe(403);
      expect((await browser.call('POST', '/employee-group', { name: unique() })).status).toBe(403);
      expect((await browser.call('PATCH', `/employee-group/${group.id}`, { name: 'Renamed' })).status).toBe(403);
      expect((await browser.call('PATCH', `/employee-group/${group.id}`, { employee_ids: [] })).status).toBe(403);
      expect((await browser.call('DELETE', `/employee-group/${group.id}`)).status).toBe(403);
      const after = await admin.call<{ data: EmployeeGroupDto }>('GET', `/employee-group/${group.id}`);
      expect(after.body.data).toEqual(expect.objectContaining({ name: group.name, employees_count: 1 }));
      expect((await admin.call<{ data: EmployeeDto }>('GET', `/api/employees/${someone.id}`)).body.data.name).toBe(someone.name);
    });

    it('a training manager of the company manages employees and groups', async () => {
      const { browser } = await companyMember(platform, admin, 'training_manager');
      const added = await addEmployee(browser, { department: 'Training' });
      expect((await admin.call<{ data: EmployeeDto }>('GET', `/api/employees/${added.id}`)).body.data.department).toBe('Training');
      const group = await browser.call<GroupAnswer>('POST', '/employee-group', { name: unique('Managed '), employee_ids: [added.id] });
      expect(group.status).toBe(201);
      expect((await browser.call('PATCH', `/employees/${added.id}`, { position: 'Instructor' })).status).toBe(200);
      expect((await browser.call('DELETE', `/employee-group/${group.body.group.data.id}`)).status).toBe(200);
      expect((await browser.call('DELETE', `/employees/${added.id}`)).status).toBe(200);
    });

    it('a coordinator of the company manages employees and groups', async () => {
      const { browser } = await companyMember(platform, admin, 'coordinator');
      const added = await addEmployee(browser);
      const seen = await admin.call<{ data: EmployeeDto }>('GET', `/api/employees/${added.id}`);
      expect(seen.body.data.id).toBe(added.id);
      const group = await browser.call<GroupAnswer>('POST', '/employee-group', { name: unique('Coordinated '), employee_ids: [added.id] });
      expect(group.status).toBe(201);
    });
  });
});
