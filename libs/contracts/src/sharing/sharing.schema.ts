import { z } from 'zod';
import { formField, formSchema, ifSent, lookupField, textField } from '../common/form-schema.js';
import { isMissing, isOneOf, isTextUpTo } from '../common/request-field.js';
import { ORGANIZE_LIMITS, type DeliveryStudent, type OrganizeDraftDto, type StudentAssignmentDto } from './organize.js';
import { isShareableEmail, normalizeEmail } from './recipients.js';
import { SHARE_SORTS, SHARE_TYPES, SHARING_LIMITS } from './sharing.js';
import { SharingMessages } from './sharing-messages.js';

/** Messages of the sharing requests' fields that the spec does not word. */
export const SharingRequestMessages = {
  nameText: 'The name may not be longer than 200 characters.',
  idsRequired: 'Select at least one item.',
  idsInvalid: 'The selection is invalid.',
  sortInvalid: `The sort must be one of ${SHARE_SORTS.join(', ')}.`,
  directionInvalid: 'The direction must be asc or desc.',
  perPageInvalid: `The page size must be one of ${SHARING_LIMITS.perPageOptions.join(', ')}.`,
  pageInvalid: 'The page must be a whole number of at least 1.',
  searchText: 'The search may not be longer than 200 characters.',
  codeRequired: 'The activation code is required.',
  passwordRequired: 'The password is required.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const shareType = () =>
  formField<string | undefined, string | undefined>(
    ifSent([{ message: SharingMessages.shareTypeInvalid, breaks: (value) => value !== '' && !isOneOf(value, SHARE_TYPES) }]),
    (value) => (isMissing(value) || value === '' ? undefined : (value as string)),
    { type: 'string', enum: SHARE_TYPES, default: 'email' },
  );

/**
 * `POST /quick-share/{id}` (learning §7): one recipient. By e-mail the address must pass the e-mail
 * check; a ticket is e-mailed to the address when one is given.
 */
export const quickShareBodySchema = formSchema(
  {
    email: formField<string | undefined, string | undefined>(
      ifSent([{ message: SharingMessages.invalidEmail, breaks: (value) => value !== '' && !isShareableEmail(value) }]),
      (value) => (isMissing(value) || value === '' ? undefined : (value as string)),
      { type: 'string', format: 'email', example: 'mechanic@example.com' },
    ),
    share_type: shareType(),
    name: formField<string | undefined, string | undefined>(
      ifSent([{ message: SharingRequestMessages.nameText, breaks: (value) => !isTextUpTo(value, 200) }]),
      (value) => (isMissing(value) ? undefined : (value as string)),
      { type: 'string', description: "The recipient's name, when known" },
    ),
  },
  [{ field: 'email', message: SharingMessages.invalidEmail, breaks: (form) => (form.share_type ?? 'email') === 'email' && form.email === undefined }],
);
export type QuickShareBody = z.output<typeof quickShareBodySchema>;

/** Add multiple recipients: the paste (split by comma or semicolon; the seats and the addresses are checked by the service). */
export const quickShareManyBodySchema = z.object({
  emails: textField([{ message: SharingMessages.required, breaks: (value) => typeof value !== 'string' || value.trim() === '' }], {
    example: 'one@example.com; two@example.com, three@example.com',
    required: true,
  }),
  share_type: shareType(),
});
export type QuickShareManyBody = z.output<typeof quickShareManyBodySchema>;

/** Resend selected, Cancel selected: the ids of the selected items. */
export const shareIdsBodySchema = z.object({
  ids: formField<string[], string[]>(
    [
      { message: SharingRequestMessages.idsRequired, breaks: (value) => !Array.isArray(value) || value.length === 0 },
      { message: SharingRequestMessages.idsInvalid, breaks: (value) => Array.isArray(value) && (value.length > 500 || !value.every((id) => typeof id === 'string' && UUID.test(id))) },
    ],
    (value) => value as string[],
    { type: 'array', required: true },
  ),
});
export type ShareIdsBody = z.output<typeof shareIdsBodySchema>;

const pageSizes: readonly string[] = SHARING_LIMITS.perPageOptions.map(String);

/** The Sharing list's query: course, search, sort column and direction, page and page size (10 to 50 by 10). */
export const shareListQuerySchema = z.object({
  program_id: formField<string | undefined, string | undefined>(
    ifSent([{ message: 'The course is invalid.', breaks: (value) => typeof value !== 'string' || !/^\d{1,9}$/.test(value) }]),
    (value) => (isMissing(value) ? undefined : (value as string)),
    { type: 'integer', example: 2001 },
  ),
  search: formField<string | undefined, string | undefined>(
    ifSent([{ message: SharingRequestMessages.searchText, breaks: (value) => !isTextUpTo(value, 200) }]),
    (value) => (isMissing(value) ? undefined : (value as string)),
    { type: 'string' },
  ),
  sort: formField<string | undefined, string | undefined>(
    ifSent([{ message: SharingRequestMessages.sortInvalid, breaks: (value) => !isOneOf(value, SHARE_SORTS) }]),
    (value) => (isMissing(value) ? undefined : (value as string)),
    { type: 'string', enum: SHARE_SORTS, default: 'send_at' },
  ),
  direction: formField<string | undefined, string | undefined>(
    ifSent([{ message: SharingRequestMessages.directionInvalid, breaks: (value) => value !== 'asc' && value !== 'desc' }]),
    (value) => (isMissing(value) ? undefined : (value as string)),
    { type: 'string', enum: ['asc', 'desc'] },
  ),
  page: formField<string | undefined, string | undefined>(
    ifSent([{ message: SharingRequestMessages.pageInvalid, breaks: (value) => typeof value !== 'string' || !/^[1-9]\d{0,5}$/.test(value) }]),
    (value) => (isMissing(value) ? undefined : (value as string)),
    { type: 'integer', default: 1 },
  ),
  per_page: formField<string | undefined, string | undefined>(
    ifSent([{ message: SharingRequestMessages.perPageInvalid, breaks: (value) => !isOneOf(value, pageSizes) }]),
    (value) => (isMissing(value) ? undefined : (value as string)),
    { type: 'integer', enum: SHARING_LIMITS.perPageOptions, default: SHARING_LIMITS.defaultPerPage },
  ),
});
export type ShareListQuery = z.output<typeof shareListQuerySchema>;

/** Ticket activation: the code and the password printed on the ticket. */
export const ticketActivationBodySchema = z.object({
  code: textField([{ message: SharingRequestMessages.codeRequired, breaks: (value) => typeof value !== 'string' || value.trim() === '' }], {
    example: 'K7QF-3MZP-W2XD',
    required: true,
  }),
  password: textField([{ message: SharingRequestMessages.passwordRequired, breaks: (value) => typeof value !== 'string' || value === '' }], { required: true }),
});
export type TicketActivationBody = z.output<typeof ticketActivationBodySchema>;

/** `POST /organize-course` (learning §7): the draft (course, product, students); sharing-organize reads its shape (`organizeDraftRequestSchema`). */
export const organizeDraftBodySchema = z.object({
  new_course_information: formField<unknown, unknown>([{ message: SharingMessages.studentsIncorrect, breaks: (value) => typeof value !== 'object' || value === null || Array.isArray(value) }], (value) => value, {
    type: 'object',
    required: true,
    description: '{ course: { program_id, name }, product: { id, name }, students: [{ name, email, share_by_ticket, hard_copy_certificate }] }',
  }),
});

/** The largest draft kept (a list of `ORGANIZE_LIMITS.maxStudents` students with their fields fits easily). */
const DRAFT_MAX_CHARACTERS = 200_000;

/** A chosen course or product as the draft keeps it: its id a whole number, its name ('' when none); what is no object is none chosen. */
function draftChoice<S extends z.ZodObject>(choice: S) {
  return z.preprocess((value) => (value && typeof value === 'object' ? value : null), choice.nullable());
}
const draftId = z.coerce.number().refine(Number.isInteger);
const draftName = z.string().catch('');

/** The organize-course draft as sharing-organize keeps it: the course, the product, the students as the page sent them. */
export const organizeDraftSchema = z
  .object({
    course: draftChoice(z.object({ program_id: draftId, name: draftName })),
    product: draftChoice(z.object({ id: draftId, name: draftName })),
    students: z.array(z.custom<StudentAssignmentDto>()).catch([]),
  })
  .refine((draft) => JSON.stringify(draft).length <= DRAFT_MAX_CHARACTERS);

/** `SharingRpc.SaveOrganizeDraft`: the draft read as kept; a draft of any other shape is the students list error. */
export const organizeDraftRequestSchema = z.object({
  new_course_information: formField<OrganizeDraftDto, unknown>(
    [{ message: SharingMessages.studentsIncorrect, breaks: (value) => !organizeDraftSchema.safeParse(value).success }],
    (value) => organizeDraftSchema.parse(value),
  ),
});

/** `POST /organize-course/deliver` (learning §7): the course and its students; the service checks each student and the seats. */
export const deliverCoursesBodySchema = z.object({
  program_id: formField<unknown, unknown>([{ message: 'The course is required.', breaks: (value) => isMissing(value) }], (value) => value, { type: 'integer', required: true, example: 2001 }),
  students: formField<unknown, unknown>([{ message: SharingMessages.studentsIncorrect, breaks: (value) => !Array.isArray(value) || value.length === 0 }], (value) => value, {
    type: 'array',
    required: true,
    description: '[{ name, email, share_by_ticket (0/1), hard_copy_certificate (boolean) }]',
  }),
  send_tickets_by_email: formField<unknown, unknown>([], (value) => value, { type: 'boolean', description: 'Also e-mail the tickets of students who have an address' }),
});

/*
 * The RPCs of sharing-organize. Each acts for the user of the request context; a payload names
 * the course, the items, the tickets or the students, never its actor.
 */

export const COURSE_INVALID = 'The course is invalid.';

/** A course id as a caller sends it: a number, or its digits as text; NaN otherwise. */
function courseIdOf(value: unknown): number {
  return typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
}

const isCourseId = (id: number | null) => id === null || (Number.isInteger(id) && id > 0);

/** `programId`: a course (a positive whole number; `optional`: null when absent). */
function courseField(optional = false) {
  return formField<number, number>([], (value) => (optional && isMissing(value) ? (null as unknown as number) : courseIdOf(value)), {
    type: 'integer',
    example: 2001,
  });
}

/** A course that is no positive whole number: "The course is invalid." under `program_id`. */
function refineCourse(form: { programId: number | null }, ctx: z.RefinementCtx): void {
  if (!isCourseId(form.programId)) ctx.addIssue({ code: 'custom', path: ['program_id'], message: COURSE_INVALID });
}

/** `AvailabilityList`, `AvailableForSharing`, `OrganizeAvailability`: one course of the actor's. */
export const programRequestSchema = z.object({ programId: courseField() }).superRefine(refineCourse);

/** `SharingRpc.Share`: one recipient (as `POST /quick-share/{id}`) of a course. */
export const quickShareRequestSchema = quickShareBodySchema.safeExtend({ programId: courseField() }).superRefine(refineCourse);

/** `SharingRpc.ShareMany`: the pasted recipients (as Add multiple recipients) of a course; the seats and the addresses are the service's to check. */
export const quickShareManyRequestSchema = quickShareManyBodySchema.safeExtend({ programId: courseField() }).superRefine(refineCourse);

const listText = (max: number) => formField<string, string>([], (value) => (typeof value === 'string' ? value.trim().slice(0, max) : ''));

/** `SharingRpc.List`: the Sharing list, as the gateway read its query (page numbers as numbers or text). */
export const listSharesRequestSchema = z
  .object({
    programId: courseField(true),
    search: listText(200),
    sort: formField<(typeof SHARE_SORTS)[number] | undefined, unknown>(
      ifSent([{ message: SharingRequestMessages.sortInvalid, breaks: (value) => !isOneOf(value, SHARE_SORTS) }]),
      (value) => (isMissing(value) ? undefined : (value as (typeof SHARE_SORTS)[number])),
    ),
    direction: formField<'asc' | 'desc' | undefined, unknown>(
      ifSent([{ message: SharingRequestMessages.directionInvalid, breaks: (value) => value !== 'asc' && value !== 'desc' }]),
      (value) => (isMissing(value) ? undefined : (value as 'asc' | 'desc')),
    ),
    page: formField<number, unknown>(
      ifSent([{ message: SharingRequestMessages.pageInvalid, breaks: (value) => !(Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 100_000) }]),
      (value) => (isMissing(value) ? 1 : Number(value)),
    ),
    per_page: formField<number, unknown>(
      ifSent([{ message: SharingRequestMessages.perPageInvalid, breaks: (value) => !(SHARING_LIMITS.perPageOptions as readonly number[]).includes(Number(value)) }]),
      (value) => (isMissing(value) ? SHARING_LIMITS.defaultPerPage : Number(value)),
    ),
  })
  .superRefine(refineCourse);

/** `Resend`, `Cancel`, `Recall`: one item of the actor's (any other id is "not found"). */
export const shareIdRequestSchema = z.object({ id: lookupField({ format: 'uuid' }) });

/** `BulkResend`, `BulkCancel`: the selected items (as the body), each id once, lower case. */
export const shareIdsRequestSchema = z.object({
  ids: shareIdsBodySchema.shape.ids.transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});

/** `SharingRpc.Tickets`: the owner's tickets by reference (up to 200, for one PDF); text that is no reference finds nothing. */
export const ticketsRequestSchema = z.object({
  shareTo: formField<string[], unknown>([], (value) => (Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [])),
});

/** `SharingRpc.ActivateTicket`: the code and the password printed on the ticket (as the body). */
export const activateTicketRequestSchema = ticketActivationBodySchema;

/** A delivery flag as the screen sends it: 1/0, true/false or their text; absent is no. */
const deliveryFlag = z.union([
  z.literal([true, 1, '1', 'true']).transform(() => true),
  z.literal([false, 0, '0', 'false']).nullish().transform(() => false),
]);

/** One row of a delivery's students as sent: a name (not blank, at most `ORGANIZE_LIMITS.nameMax`), an e-mail or none, two flags. */
const deliveryStudentRowSchema = z.object({
  name: z.string().refine((name) => name.trim() !== '' && name.length <= ORGANIZE_LIMITS.nameMax),
  email: z
    .string()
    .nullish()
    .transform((email) => email?.trim() || null),
  share_by_ticket: deliveryFlag,
  hard_copy_certificate: deliveryFlag,
});

/**
 * The students of a delivery (learning §3 Student assignment, §5 Employees and organizing, §8
 * Organize course), row by row in order, the first problem only: a list of 1 to
 * `ORGANIZE_LIMITS.maxStudents` rows, each with a name, an e-mail or none, share by ticket (forced
 * when there is no e-mail) and a hard-copy certificate flag. A malformed list or row is "The
 * students list is incorrect." under `students` (also for an address given twice), an address
 * that cannot be shared to is "Invalid email" under `students.<row>.email`, and so is "A student
 * e-mail is not filled in." for a student to be reached by e-mail without one.
 */
function readDeliveryStudents(value: unknown, ctx: z.RefinementCtx): DeliveryStudent[] | null {
  const refuse = (message: string, path: (string | number)[] = []) => {
    ctx.addIssue({ code: 'custom', path: ['students', ...path], message });
    return null;
  };
  if (!Array.isArray(value) || value.length === 0 || value.length > ORGANIZE_LIMITS.maxStudents) return refuse(SharingMessages.studentsIncorrect);
  const students: DeliveryStudent[] = [];
  for (const [index, sent] of value.entries()) {
    const row = deliveryStudentRowSchema.safeParse(sent);
    if (!row.success) return refuse(SharingMessages.studentsIncorrect);
    const { name, email, share_by_ticket: byTicket, hard_copy_certificate: hardCopy } = row.data;
    if (email !== null && !isShareableEmail(email)) return refuse(SharingMessages.invalidEmail, [index, 'email']);
    if (!byTicket && email === null) return refuse(SharingMessages.studentEmailMissing, [index, 'email']);
    students.push({ name: name.trim(), email: email === null ? null : normalizeEmail(email), byTicket: byTicket || email === null, hardCopy });
  }
  const addresses = students.map((student) => student.email).filter((email) => email !== null);
  return new Set(addresses).size === addresses.length ? students : refuse(SharingMessages.studentsIncorrect);
}

/**
 * `SharingRpc.DeliverCourses`: the course, its students (read row by row, see
 * `readDeliveryStudents`; only once the course is one) and whether to e-mail the tickets.
 */
export const deliverCoursesRequestSchema = z
  .object({
    program_id: formField<number, unknown>([], courseIdOf, { type: 'integer', required: true, example: 2001 }),
    students: formField<unknown, unknown>([], (value) => value, { type: 'array', required: true }),
    send_tickets_by_email: formField<boolean, unknown>([], (value) => value === true || value === 1 || value === '1', { type: 'boolean' }),
  })
  .transform((form, ctx) => {
    if (!isCourseId(form.program_id)) {
      ctx.addIssue({ code: 'custom', path: ['program_id'], message: COURSE_INVALID });
      return z.NEVER;
    }
    const students = readDeliveryStudents(form.students, ctx);
    return students ? { ...form, students } : z.NEVER;
  });
