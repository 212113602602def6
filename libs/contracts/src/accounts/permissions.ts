import type { Actor, ResourceScope } from './actor.js';
import { ACCOUNT_ROLES, type AccountRole, type AccountStatus } from './roles.js';

/**
 * The permission matrix of the platform: ONE source of truth for the gateway (route guards)
 * and every service (checks on the acting user). `docs/permissions.md` is the same matrix in
 * prose; a test keeps the two equal.
 *
 * Each capability lists who holds it. `visitor` stands for a client without an account (no
 * roles). Capabilities marked `scope: 'own_company'` additionally require the acting user to
 * belong to the company whose data is touched; `scope: 'own'` means only the actor's own data.
 */
export type PermissionSubject = AccountRole | 'visitor';

export type CapabilityScope = 'own' | 'own_company' | 'platform' | 'public';

export interface CapabilityRule {
  /** What the capability allows, as written in docs/permissions.md. */
  description: string;
  /** Where the spec describes it. */
  spec: string;
  scope: CapabilityScope;
  who: readonly PermissionSubject[];
}

const STAFF: readonly AccountRole[] = ['administrator'];
/** Staff and the limited administrators: who reads across the platform. */
const ADMINISTRATORS: readonly AccountRole[] = [...STAFF, 'administrator_limited'];
const EVERY_ACCOUNT: readonly AccountRole[] = ACCOUNT_ROLES;
/** Every client, with an account or without (visitors). */
const EVERYONE: readonly PermissionSubject[] = ['visitor', ...EVERY_ACCOUNT];
/** People who buy (cart checkout, orders, wallet funds). */
const BUYERS: readonly AccountRole[] = [
  ...ADMINISTRATORS,
  'student',
  'company',
  'employee',
  'training_manager',
  'coordinator',
  'commercial_manager',
];
/** People who learn on the platform (take courses, ask, receive shares): the buyers and the instructors. */
const LEARNERS: readonly AccountRole[] = [...BUYERS, 'instructor'];
/** People who pass purchased seats on to others: the buyers but the limited administrators. */
const SHARERS: readonly AccountRole[] = BUYERS.filter((role) => role !== 'administrator_limited');
/** Company people who organize training for employees and manage those people (employees, groups, imports, invitations). */
const ORGANIZERS: readonly AccountRole[] = ['administrator', 'company', 'training_manager', 'coordinator'];

export const PERMISSIONS = {
  'cart.use': {
    description: 'Use the cart and apply vouchers',
    spec: 'shop §2 Cart page, §6',
    scope: 'public',
    who: EVERYONE,
  },
  'contact.submit': {
    description: 'Send the classroom-training contact form',
    spec: 'shop §2 Classroom-training contact form, §6',
    scope: 'public',
    who: EVERYONE,
  },
  'account.register': {
    description: 'Register an account (student or company)',
    spec: 'shop §2 Registration and terms',
    scope: 'public',
    who: ['visitor'],
  },
  'profile.manage_own': {
    description: 'Own account data, avatar, personal information, billing, password, consents, terms',
    spec: 'learning §2 profile, billing form; shop §2 consent',
    scope: 'own',
    who: EVERY_ACCOUNT,
  },
  'newsletter.subscribe': {
    description: 'Subscribe to newsletters and answer the subscription bonus popup',
    spec: 'shop §2 Consent and notices, §7',
    scope: 'own',
    who: EVERY_ACCOUNT,
  },
  'order.place': {
    description: 'Buy: check out the cart and pay (card, PayPal, bank wire, wallet)',
    spec: 'shop §2 Payment page, §4 Payment',
    scope: 'own',
    who: BUYERS,
  },
  'orders.view_own': {
    description: 'See own orders and invoices, cancel own unpaid orders',
    spec: 'learning §2 invoices/orders, §4 Order cancellation',
    scope: 'own',
    who: BUYERS,
  },
  'orders.view_company': {
    description: "See the company's orders, invoices and wallet",
    spec: 'learning §1 buyers and company accounts',
    scope: 'own_company',
    who: ['administrator', 'company', 'commercial_manager'],
  },
  'orders.view_all': {
    description: 'See every order of the platform',
    spec: 'learning §6 administrators',
    scope: 'platform',
    who: ADMINISTRATORS,
  },
  'course.learn': {
    description: 'Open my courses, syllabus and exams',
    spec: 'learning §2 my courses, syllabus, exam screens',
    scope: 'own',
    who: LEARNERS,
  },
  'question.ask': {
    description: 'Ask the instructor a question about a course',
    spec: 'learning §2 Questions and answers tab',
    scope: 'own',
    who: LEARNERS,
  },
  'question.answer': {
    description: 'Answer learners’ questions (instructor)',
    spec: 'learning §1, §6 "Instructors answer questions"',
    scope: 'platform',
    who: ['administrator', 'instructor'],
  },
  'share.receive': {
    description: 'Receive courses shared by e-mail or ticket, activate tickets',
    spec: 'learning §2 ticket activation, §4 pending shares',
    scope: 'own',
    who: LEARNERS,
  },
  'share.send': {
    description: 'Share purchased courses by e-mail or printed ticket, resend',
    spec: 'learning §2 Quick share page, §6',
    scope: 'own',
    who: SHARERS,
  },
  'share.recall': {
    description: 'Recall or cancel a shared course (when allowed)',
    spec: 'learning §4 share item status, §5 sharing',
    scope: 'own',
    who: SHARERS,
  },
  'course.organize': {
    description: 'Organize a course for a set of learners and deliver it',
    spec: 'learning §2 Organize-course page',
    scope: 'own_company',
    who: ORGANIZERS,
  },
  'employees.view': {
    description: 'See the employee list, employees, groups and the employee search',
    spec: 'learning §2 employee list and forms, employee groups; §7 employees-search',
    scope: 'own_company',
    who: [...ORGANIZERS, 'reports_viewer'],
  },
  'employees.manage': {
    description: 'Create, edit and remove employees',
    spec: 'learning §2 employee list and forms',
    scope: 'own_company',
    who: ORGANIZERS,
  },
  'employee_groups.manage': {
    description: 'Create, rename and fill employee groups',
    spec: 'learning §2 Employee group edit page',
    scope: 'own_company',
    who: ORGANIZERS,
  },
  'employees.import': {
    description: 'Import employees from a file',
    spec: 'learning §2 employee import',
    scope: 'own_company',
    who: ORGANIZERS,
  },
  'invitations.manage': {
    description: 'Invite employees to the Student List, resend, edit and delete invitations',
    spec: 'learning §2 Pending invitations list, §6',
    scope: 'own_company',
    who: ORGANIZERS,
  },
  'invitations.respond': {
    description: "Join a company's Student List from the invitation popup",
    spec: 'learning §2 Pending-invitation popup',
    scope: 'own',
    who: ['student', 'employee'],
  },
  'company.view': {
    description: 'See the company details (read-only)',
    spec: 'learning §6 "Changing ... company details requires contacting support"',
    scope: 'own_company',
    who: ['administrator', 'company'],
  },
  'company.edit': {
    description: 'Change company details or account type (support staff)',
    spec: 'learning §6',
    scope: 'platform',
    who: STAFF,
  },
  'reports.view': {
    description: "Open the reports: the course progress of the company's learners, the courses it shared and their recipients, its wallet movements; CSV export",
    spec: 'learning §1 "view reports", §2 reports',
    scope: 'own_company',
    who: [...ADMINISTRATORS, 'company', 'reports_viewer'],
  },
  'reports.view_own': {
    description: 'See own course progress, received courses and wallet reports',
    spec: 'learning §2 reports',
    scope: 'own',
    who: [...LEARNERS, 'reports_viewer'],
  },
  'certificates.revoke': {
    description: 'Revoke an issued certificate, with a reason (its verification page then says revoked)',
    spec: 'issue 15 Certificates; learning §6 administrators',
    scope: 'platform',
    who: STAFF,
  },
  'reports.view_all': {
    description: 'See reports across the platform',
    spec: 'learning §6 administrators',
    scope: 'platform',
    who: ADMINISTRATORS,
  },
  'kyc.review': {
    description: 'List pending KYC checks, approve or decline them with a reason',
    spec: 'learning §4 KYC status, §6 "KYC users approve or decline"',
    scope: 'platform',
    who: ['administrator', 'kyc'],
  },
  'announcements.manage': {
    description: 'Publish and withdraw the announcement banner',
    spec: 'shop §2 Consent and notices (announcement)',
    scope: 'platform',
    who: ADMINISTRATORS,
  },
  'contact_requests.view': {
    description: 'Read classroom-training contact requests',
    spec: 'shop §2 Classroom-training contact form',
    scope: 'platform',
    who: [...ADMINISTRATORS, 'commercial_manager'],
  },
  'users.view_all': {
    description: 'Look up any user account',
    spec: 'learning §6 administrators',
    scope: 'platform',
    who: ADMINISTRATORS,
  },
  'users.manage': {
    description: 'Assign roles, ban users or companies, put them under compliance review',
    spec: 'learning §4 Company account, §6',
    scope: 'platform',
    who: STAFF,
  },
  'catalog.manage': {
    description: 'Manage products, vouchers, FAQ, articles and slides',
    spec: 'shop §3 entities',
    scope: 'platform',
    who: STAFF,
  },
} as const satisfies Record<string, CapabilityRule>;

export type Capability = keyof typeof PERMISSIONS;
export const CAPABILITIES = Object.keys(PERMISSIONS) as Capability[];

/**
 * What a restricted account keeps (spec: learning §2 "Account restriction notice"). A banned
 * account may still sign in to read the notice, see its profile and manage its consents;
 * everything else is refused. An account under compliance review keeps learning but may not
 * buy, pass courses on or act for its company until the review ends.
 */
export const ALLOWED_WHEN_BANNED: readonly Capability[] = ['profile.manage_own', 'contact.submit'];
export const BLOCKED_DURING_COMPLIANCE_REVIEW: readonly Capability[] = [
  'order.place',
  'share.send',
  'share.recall',
  'course.organize',
  'employees.manage',
  'employees.import',
  'invitations.manage',
];

export interface PermissionContext {
  /** The account's effective status (GetUser reports it); a restricted account loses capabilities. */
  status?: AccountStatus | null;
}

/** Anything that knows who is acting: a request context (backend) or a plain `{ actor }`. */
export interface ActingContext {
  actor?: Actor | null;
}

/** Roles that act for the platform: not bound by the scope of a capability (support). */
const UNSCOPED_ROLES: readonly string[] = ['administrator'];

/**
 * May the actor of `ctx` use this capability on this resource? The roles and status come from the
 * actor (none: a visitor); the scope of the capability is checked against `resource` when given:
 * `own` needs `resource.ownerId` to be the actor, `own_company` needs `resource.companyId` to be
 * the actor's company. Administrators are not bound by scope.
 */
export function can(ctx: ActingContext, capability: Capability, resource?: ResourceScope): boolean;
/**
 * May someone with these roles use this capability? `roles` empty, null or undefined means a
 * visitor. Unknown role names are ignored. Scope (own data, own company) is checked by the
 * caller on top of this.
 */
export function can(roles: readonly string[] | null | undefined, capability: Capability, context?: PermissionContext): boolean;
export function can(
  who: ActingContext | readonly string[] | null | undefined,
  capability: Capability,
  extra?: PermissionContext | ResourceScope,
): boolean {
  if (who === null || who === undefined || Array.isArray(who)) {
    return roleAllows(who as readonly string[] | null | undefined, capability, extra as PermissionContext);
  }
  const actor = (who as ActingContext).actor ?? null;
  if (!roleAllows(actor?.roles, capability, { status: actor?.status ?? null })) return false;
  const resource = extra as ResourceScope | undefined;
  if (!resource || !actor || actor.roles.some((role) => UNSCOPED_ROLES.includes(role))) return true;
  switch (PERMISSIONS[capability].scope) {
    case 'own':
      return resource.ownerId === undefined || resource.ownerId === actor.userId;
    case 'own_company':
      return resource.companyId === undefined || (resource.companyId !== null && resource.companyId === actor.companyId);
    default:
      return true;
  }
}

function roleAllows(roles: readonly string[] | null | undefined, capability: Capability, context: PermissionContext = {}): boolean {
  const rule: CapabilityRule | undefined = PERMISSIONS[capability];
  if (!rule) return false;
  const subjects: readonly string[] = roles && roles.length ? roles : ['visitor'];
  if (!subjects.some((subject) => (rule.who as readonly string[]).includes(subject))) return false;
  if (context.status === 'banned') return ALLOWED_WHEN_BANNED.includes(capability);
  if (context.status === 'compliance_review') return !BLOCKED_DURING_COMPLIANCE_REVIEW.includes(capability);
  return true;
}

/** Every capability these roles hold (for the web app to show or hide actions). */
export function capabilitiesOf(roles: readonly string[] | null | undefined, context: PermissionContext = {}): Capability[] {
  return CAPABILITIES.filter((capability) => can(roles, capability, context));
}
