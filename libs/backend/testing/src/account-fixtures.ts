import type { RegisterRequest } from '@aero/contracts';
import { randomBytes } from 'node:crypto';

/** The demo accounts' password (apps/accounts-invitations/README.md). */
export const DEMO_PASSWORD = 'Aviation2026!';
/** A password every password rule accepts. */
export const GOOD_PASSWORD = 'Hangar2026';

/** A fresh label, e.g. for an e-mail or nick nobody has registered yet. */
export function unique(label = 'user'): string {
  return `${label}${randomBytes(4).toString('hex')}`;
}

/** A complete, valid student registration with a fresh e-mail and nick. */
export function studentForm(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  const id = unique();
  return {
    nick: id,
    first_name: 'Lena',
    last_name: 'Berg',
    email: `${id}@example.com`,
    password: GOOD_PASSWORD,
    password_confirmation: GOOD_PASSWORD,
    terms_and_conditions: '1',
    ...overrides,
  };
}
