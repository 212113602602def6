import type { PaginationMeta } from '../common/pagination.js';

/**
 * A person a company trains (spec: learning §3 Employee). Only `name` is always there: a person
 * may have no e-mail (organizing a course then delivers by ticket, learning §5). `user_id` is the
 * account the person signed in with, once they joined from an invitation.
 */
export interface EmployeeDto {
  id: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  surname: string | null;
  email: string | null;
  /** YYYY-MM-DD. */
  birth_date: string | null;
  /** ISO 3166 alpha-2 id (`GET /countries/all`). */
  country: string | null;
  department: string | null;
  division: string | null;
  position: string | null;
  user_id: string | null;
  created_at: string;
  updated_at: string;
}

/** The fields of an employee a form edits (learning §2 `/employees/{id}/edit`), in the form's order. */
export const EMPLOYEE_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'surname',
  'email',
  'birth_date',
  'country',
  'department',
  'division',
  'position',
] as const;
export type EmployeeField = (typeof EMPLOYEE_FIELDS)[number];

/** An employee group (learning §3): its members only when asked for (`without-employees=1` leaves them out). */
export interface EmployeeGroupDto {
  id: string;
  name: string;
  employees_count: number;
  employees?: { data: EmployeeDto[] };
}

/** A list page: `data` and `meta.pagination` (learning §3 Pagination). */
export interface PagedList<T> {
  data: T[];
  meta: { pagination: PaginationMeta };
}

/** Limits of the employee screens (learning §9). */
export const EmployeeLimits = {
  /** `GET /employees-search`: limit 100, page size 100. */
  searchLimit: 100,
  /** The employee list: 10 to 50 per page in steps of 10, default 10. */
  pageSizes: [10, 20, 30, 40, 50] as readonly number[],
  defaultPageSize: 10,
  /** Pending invitations per page (server-supplied, learning §9). */
  invitationsPageSize: 10,
  nameMax: 255,
  textMax: 100,
  groupNameMax: 100,
  searchMax: 255,
  /** Members set at once on a group. */
  groupMembersMax: 5000,
  /** Ids excluded from one search (`not`). */
  searchExcludedMax: 1000,
} as const;

/** Messages of employees, groups and invitations, so the services, the gateway and the web app read the same words. */
export const EmployeeMessages = {
  /** Spec: learning §5 "A duplicate employee e-mail gives: already exists, use Share instead." */
  duplicateEmail: 'The email already exists, use Share instead.',
  created: 'The employee has been added.',
  updated: 'The employee has been updated.',
  removed: 'The employee has been removed.',
  notFound: 'This employee does not exist.',
  noCompany: 'Your account does not belong to a company.',
  groupCreated: 'The group has been created.',
  groupRenamed: 'The group has been renamed.',
  groupMembersSaved: 'The group members have been saved.',
  groupRemoved: 'The group has been removed.',
  groupNotFound: 'This group does not exist.',
  groupNameTaken: 'The name has already been taken.',
  groupChangeRequired: 'Send a name or employee_ids.',
  employeesInvalid: 'The selected employees are invalid.',
  employeeIdsNotList: 'The employee ids must be a list.',
  searchLimit: `The limit must be a whole number from 1 to 100.`,
  page: 'The page must be a whole number from 1.',
  perPage: 'The number per page must be 10, 20, 30, 40 or 50.',
  /** Spec: learning §8 Invitations. */
  invitationResent: 'Invitation resent successfully!',
  invitationRemoved: 'The invitation has been removed.',
  invitationUpdated: 'The invitation has been updated.',
  invitationNotFound: 'This invitation does not exist.',
  invitationAccepted: (company: string) => `You joined the Student List of ${company}.`,
  invitationNonePending: 'You have no pending invitation.',
  invitationOtherCompany: 'Your account already belongs to another company.',
  invitationEmailUnverified: 'Please verify your e-mail address first.',
  /** The 429 of a resend asked too soon: says when it may be tried again. */
  invitationResendTooSoon: (seconds: number) => `This invitation was sent recently. You may resend it in ${waitText(seconds)}.`,
  invitationAlreadyEmployee: 'This person is already an employee of your company.',
} as const;

/** "45 seconds", "1 minute", "5 minutes": a wait as people read it (minutes rounded up from a minute on). */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} second${whole === 1 ? '' : 's'}`;
  const minutes = Math.ceil(whole / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const EmployeeErrorCode = {
  DuplicateEmail: 'employees.duplicate_email',
  NotFound: 'not_found',
  NoCompany: 'employees.no_company',
  GroupNameTaken: 'employees.group_name_taken',
  ResendTooSoon: 'invitations.resend_too_soon',
  NonePending: 'invitations.none_pending',
  OtherCompany: 'invitations.other_company',
  EmailUnverified: 'invitations.email_unverified',
} as const;

/** How often one invitation may be e-mailed again (resend): once per 5 minutes. */
export const INVITATION_RESEND_INTERVAL_SECONDS = 300;
