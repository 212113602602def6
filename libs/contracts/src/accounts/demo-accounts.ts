/**
 * The demo accounts seeded by accounts-invitations (SEED_DEMO_DATA=true), with fixed ids so
 * other services' seeds can refer to them (credit a wallet, create seats, ...). Passwords are in
 * the README, not here.
 */
export const DEMO_ACCOUNTS = {
  student: { id: '5a1d0000-0000-4000-8000-000000000001', email: 'student@aeromaint.local' },
  companyAdmin: { id: '5a1d0000-0000-4000-8000-000000000002', email: 'company@aeromaint.local' },
  kyc: { id: '5a1d0000-0000-4000-8000-000000000003', email: 'kyc@aeromaint.local' },
  administrator: { id: '5a1d0000-0000-4000-8000-000000000004', email: 'admin@aeromaint.local' },
  instructor: { id: '5a1d0000-0000-4000-8000-000000000005', email: 'instructor@aeromaint.local' },
} as const;

/** The demo company owned by `DEMO_ACCOUNTS.companyAdmin`. */
export const DEMO_COMPANY = { id: 'c0a10000-0000-4000-8000-000000000001', name: 'Nordic Line Maintenance' } as const;
