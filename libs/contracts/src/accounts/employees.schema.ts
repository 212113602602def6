import { z } from 'zod';
import { formField, formSchema, ifSent, isGiven, isTicked, textField, textOf, type FieldCheck } from '../common/form-schema.js';
import { accountEmailChecks, accountTextChecks, birthDateChecks } from './account-fields.schema.js';
import { EmployeeImportLimits, EmployeeImportMessages } from './employee-import.js';
import { EmployeeLimits, EmployeeMessages } from './employees.js';
import { AccountMessages } from './messages.js';

/*
 * The request schemas of employees, employee groups and invitations (learning §2, §5, §7): the
 * gateway checks a request with them and the service checks it again with the same rules, so a
 * form shows the same words whoever found the problem.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id as the API writes it. */
export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

const optionalText = (label: string) => textField(accountTextChecks({ label, max: EmployeeLimits.textMax }));
/** The name of an employee: required, up to 255 characters. */
const nameChecks = () => accountTextChecks({ label: 'name', required: true, max: EmployeeLimits.nameMax });
/** An ISO 3166 alpha-2 id when given; the service checks that the country exists. */
const countryChecks = () => accountTextChecks({ label: 'country', max: 2, format: /^[A-Za-z]{2}$/ });
/** An optional e-mail (edit: a person may have none). */
const optionalEmailChecks = () => accountTextChecks({ label: 'email', max: 255, email: true });

/** The fields of an employee other than name and e-mail, each optional. */
const employeeDetails = {
  first_name: optionalText('first name'),
  last_name: optionalText('last name'),
  surname: optionalText('surname'),
  birth_date: textField(birthDateChecks()),
  country: textField(countryChecks()),
  department: optionalText('department'),
  division: optionalText('division'),
  position: optionalText('position'),
};

/**
 * `POST /employees` (learning §7, §5): name and email are required; the other fields of an
 * employee may come along. A duplicate e-mail in the company is refused by the service
 * ('already exists, use Share instead').
 */
export const employeeCreateRequestSchema = formSchema({
  name: textField(nameChecks()),
  email: textField(accountEmailChecks()),
  ...employeeDetails,
});
export type EmployeeCreateRequest = Pick<z.input<typeof employeeCreateRequestSchema>, 'name' | 'email'> &
  Partial<z.input<typeof employeeCreateRequestSchema>>;

/**
 * `PATCH /employees/{id}` (learning §2 `/employees/{id}/edit`): every field of the employee; a
 * field not sent keeps its value, an empty one clears it (the e-mail too: a person may have none),
 * the name is required when sent.
 */
export const employeeUpdateRequestSchema = formSchema({
  name: textField(ifSent(nameChecks())).optional(),
  email: textField(optionalEmailChecks()).optional(),
  first_name: optionalText('first name').optional(),
  last_name: optionalText('last name').optional(),
  surname: optionalText('surname').optional(),
  birth_date: textField(birthDateChecks()).optional(),
  country: textField(countryChecks()).optional(),
  department: optionalText('department').optional(),
  division: optionalText('division').optional(),
  position: optionalText('position').optional(),
});
export type EmployeeUpdateRequest = z.input<typeof employeeUpdateRequestSchema>;

/** A whole number from `min` to `max` written as JSON or form text ("2"), when given. */
function wholeNumberChecks(message: string, min: number, max = Number.MAX_SAFE_INTEGER): FieldCheck[] {
  return [
    {
      message,
      breaks: (value) => {
        if (!isGiven(value)) return false;
        const text = textOf(value);
        if (text === null || !/^\d{1,9}$/.test(text)) return true;
        const number = Number(text);
        return number < min || number > max;
      },
    },
  ];
}

const wholeNumber = (fallback: number) => (value: unknown) => (isGiven(value) ? Number(textOf(value)) : fallback);

/** Ids as a query string sends them: `not=a,b`, `not=a&not=b`, or a JSON list. */
export function idList(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return parts
    .flatMap((part) => (typeof part === 'string' ? part.split(',') : []))
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * `GET /employees-search` (learning §7, §9): `limit` (100, the page size; at most 100), `query`
 * (name, e-mail, department, division or position contains it), `not` (ids already chosen, left
 * out), `show_all=1` (an empty query lists everyone; without it an empty query finds nobody),
 * `page`. Answers data and meta.pagination.total.
 */
export const employeeSearchQuerySchema = formSchema({
  limit: formField<number, string | number>(wholeNumberChecks(EmployeeMessages.searchLimit, 1, EmployeeLimits.searchLimit), wholeNumber(EmployeeLimits.searchLimit)),
  query: textField(accountTextChecks({ label: 'query', max: EmployeeLimits.searchMax })),
  not: formField<string[], string | string[]>(
    [
      {
        message: AccountMessages.invalidChoice('excluded employees'),
        breaks: (value) => isGiven(value) && (idList(value).length > EmployeeLimits.searchExcludedMax || !(typeof value === 'string' || Array.isArray(value))),
      },
    ],
    idList,
  ),
  show_all: formField<boolean, string | boolean>([], isTicked),
  page: formField<number, string | number>(wholeNumberChecks(EmployeeMessages.page, 1), wholeNumber(1)),
});
export type EmployeeSearchQuery = Partial<z.input<typeof employeeSearchQuerySchema>>;

/** `GET /api/employees` (the employee list page): search, page, per_page (10 to 50 in steps of 10). */
export const employeeListQuerySchema = formSchema({
  search: textField(accountTextChecks({ label: 'search', max: EmployeeLimits.searchMax })),
  page: formField<number, string | number>(wholeNumberChecks(EmployeeMessages.page, 1), wholeNumber(1)),
  per_page: formField<number, string | number>(
    [{ message: EmployeeMessages.perPage, breaks: (value) => isGiven(value) && !EmployeeLimits.pageSizes.includes(Number(textOf(value))) }],
    wholeNumber(EmployeeLimits.defaultPageSize),
  ),
});
export type EmployeeListQuery = Partial<z.input<typeof employeeListQuerySchema>>;

/** A list of employee ids (group members): every item an id, at most 5000. */
const employeeIdsChecks = (): FieldCheck[] => [
  { message: EmployeeMessages.employeeIdsNotList, breaks: (value) => isGiven(value) && !Array.isArray(value) },
  {
    message: EmployeeMessages.employeesInvalid,
    breaks: (value) => Array.isArray(value) && (value.length > EmployeeLimits.groupMembersMax || !value.every(isRecordId)),
  },
];
const employeeIdsField = () =>
  formField<string[], string[]>(employeeIdsChecks(), (value) => (Array.isArray(value) ? [...new Set(value.map((id) => String(id).toLowerCase()))] : []));

const groupNameChecks = () => accountTextChecks({ label: 'name', required: true, max: EmployeeLimits.groupNameMax });

/** `POST /employee-group`: a name (required) and, optionally, its first members. */
export const employeeGroupCreateRequestSchema = formSchema({
  name: textField(groupNameChecks()),
  employee_ids: employeeIdsField().optional(),
});
export type EmployeeGroupCreateRequest = z.input<typeof employeeGroupCreateRequestSchema>;

/**
 * `PATCH /employee-group/{id}` (learning §7): `name` renames (required when sent, learning §5),
 * `employee_ids` sets the members; one of them is needed.
 */
export const employeeGroupUpdateRequestSchema = formSchema(
  {
    name: textField(ifSent(groupNameChecks())).optional(),
    employee_ids: employeeIdsField().optional(),
  },
  [{ field: 'name', message: EmployeeMessages.groupChangeRequired, breaks: (form) => form.name === undefined && form.employee_ids === undefined }],
);
export type EmployeeGroupUpdateRequest = z.input<typeof employeeGroupUpdateRequestSchema>;

/** `GET /employee-group`: `without-employees=1` leaves the members out. */
export const employeeGroupListQuerySchema = formSchema({
  'without-employees': formField<boolean, string | boolean>([], isTicked),
});
export type EmployeeGroupListQuery = Partial<z.input<typeof employeeGroupListQuerySchema>>;

/** The invitation form (learning §3 Invitation): an e-mail, and the person's division, department and position. */
export const invitationCreateRequestSchema = formSchema({
  email: textField(accountEmailChecks()),
  division: optionalText('division'),
  department: optionalText('department'),
  position: optionalText('position'),
});
export type InvitationCreateRequest = Pick<z.input<typeof invitationCreateRequestSchema>, 'email'> &
  Partial<z.input<typeof invitationCreateRequestSchema>>;

/** Editing a pending invitation: a field not sent keeps its value; a new e-mail sends a new link there. */
export const invitationUpdateRequestSchema = formSchema({
  email: textField(ifSent(accountEmailChecks())).optional(),
  division: optionalText('division').optional(),
  department: optionalText('department').optional(),
  position: optionalText('position').optional(),
});
export type InvitationUpdateRequest = z.input<typeof invitationUpdateRequestSchema>;

/** The pending invitations list (learning §7): `search_query` (e-mail, division, department or position contains it), `page`. */
export const invitationListQuerySchema = formSchema({
  search_query: textField(accountTextChecks({ label: 'search', max: EmployeeLimits.searchMax })),
  page: formField<number, string | number>(wholeNumberChecks(EmployeeMessages.page, 1), wholeNumber(1)),
});
export type InvitationListQuery = Partial<z.input<typeof invitationListQuerySchema>>;

/** One row of an import file, as its columns read (learning §2 employee import): name required, e-mail optional. */
export const employeeImportRowSchema = formSchema({
  name: textField(nameChecks()),
  email: textField(optionalEmailChecks()),
  ...employeeDetails,
});

/** Base64 text (standard alphabet, padded). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `POST /employees/import`: the file's name (.csv or .xlsx) and its bytes, base64-encoded. */
export const employeeImportRequestSchema = formSchema({
  file_name: textField([
    ...accountTextChecks({ label: 'file name', required: true, max: 255 }),
    { message: EmployeeImportMessages.fileType, breaks: (value) => Boolean(textOf(value)) && !/\.(csv|xlsx)$/i.test(textOf(value)!) },
  ]),
  content_base64: textField([
    { message: EmployeeImportMessages.fileRequired, breaks: (value) => !isGiven(value) },
    { message: AccountMessages.mustBeText('file'), breaks: (value) => isGiven(value) && typeof value !== 'string' },
    { message: EmployeeImportMessages.fileType, breaks: (value) => typeof value === 'string' && value !== '' && (value.length % 4 !== 0 || !BASE64.test(value)) },
    {
      message: EmployeeImportMessages.fileTooLarge,
      breaks: (value) => typeof value === 'string' && Math.floor((value.length * 3) / 4) > EmployeeImportLimits.fileMaxBytes + 2,
    },
  ]),
});
export type EmployeeImportRequest = z.input<typeof employeeImportRequestSchema>;
