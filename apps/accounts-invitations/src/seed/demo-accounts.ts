import { CURRENT_TERMS_VERSION, DEMO_ACCOUNTS, DEMO_COMPANY, type AccountRole, type AccountType } from '@aero/contracts';

export { DEMO_ACCOUNTS, DEMO_COMPANY };

/** The password of every demo account (listed in the README); it meets the password rules. */
export const DEMO_PASSWORD = 'Aviation2026!';

export interface DemoAccount {
  id: string;
  email: string;
  nick: string;
  first_name: string;
  last_name: string;
  type: AccountType;
  roles: AccountRole[];
  companyId: string | null;
  kycStatus: 'not_confirmed' | null;
}

/** The demo accounts with everything the seed writes; ids and e-mails come from libs/contracts. */
export const DEMO_ACCOUNT_LIST: DemoAccount[] = [
  { ...DEMO_ACCOUNTS.student, nick: 'demo-student', first_name: 'Sam', last_name: 'Student', type: 'student', roles: ['student'], companyId: null, kycStatus: 'not_confirmed' },
  {
    ...DEMO_ACCOUNTS.companyAdmin,
    nick: 'nordic-line',
    first_name: 'Nora',
    last_name: 'Lind',
    type: 'company',
    roles: ['company'],
    companyId: DEMO_COMPANY.id,
    kycStatus: null,
  },
  { ...DEMO_ACCOUNTS.kyc, nick: 'kyc-officer', first_name: 'Kim', last_name: 'Checker', type: 'student', roles: ['kyc'], companyId: null, kycStatus: null },
  { ...DEMO_ACCOUNTS.administrator, nick: 'admin', first_name: 'Ada', last_name: 'Admin', type: 'student', roles: ['administrator'], companyId: null, kycStatus: null },
  { ...DEMO_ACCOUNTS.instructor, nick: 'instructor', first_name: 'Ian', last_name: 'Instructor', type: 'student', roles: ['instructor'], companyId: null, kycStatus: null },
];

export const DEMO_TERMS_VERSION = CURRENT_TERMS_VERSION;
