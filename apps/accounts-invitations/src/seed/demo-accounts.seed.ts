import type { DataSource } from 'typeorm';
import { PasswordHasher } from '../common/password-hasher.js';
import { DEMO_ACCOUNT_LIST, DEMO_COMPANY, DEMO_PASSWORD, DEMO_TERMS_VERSION } from './demo-accounts.js';

/**
 * Seeds the demo accounts and the demo company, idempotently: rows that exist (by id, or an
 * e-mail already registered) are left alone, so running it again changes nothing and never
 * resets a demo user's own changes. Passwords are hashed only for accounts being created.
 */
export async function seedDemoAccounts(dataSource: DataSource): Promise<void> {
  const existing: { id: string }[] = await dataSource.query(`SELECT id FROM accounts_invitations.users WHERE id = ANY($1::uuid[])`, [
    DEMO_ACCOUNT_LIST.map((a) => a.id),
  ]);
  const missing = DEMO_ACCOUNT_LIST.filter((a) => !existing.some((row) => row.id === a.id));
  const hash = missing.length ? await new PasswordHasher().hash(DEMO_PASSWORD) : '';
  await dataSource.transaction(async (manager) => {
    for (const account of missing) {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO accounts_invitations.users
           (id, email, nick, first_name, last_name, password_hash, type, email_verified_at, terms_version, terms_accepted_at, kyc_status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now(), $8, now(), $9)
         ON CONFLICT DO NOTHING RETURNING id`,
        [account.id, account.email, account.nick, account.first_name, account.last_name, hash, account.type, DEMO_TERMS_VERSION, account.kycStatus],
      );
      if (!inserted.length) continue;
      await manager.query(
        `INSERT INTO accounts_invitations.user_roles (user_id, role) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
        [account.id, account.roles],
      );
      await manager.query(`INSERT INTO accounts_invitations.terms_acceptances (user_id, version) VALUES ($1, $2)`, [account.id, DEMO_TERMS_VERSION]);
    }
    const owner = DEMO_ACCOUNT_LIST.find((a) => a.companyId === DEMO_COMPANY.id)!;
    // The company is approved so corporate journeys work out of the box; the demo student stays
    // pending so the KYC screen has something to decide.
    await manager.query(
      `INSERT INTO accounts_invitations.companies (id, name, code, vat_number, country, city, address, zip, owner_user_id, kyc_status, kyc_decided_at)
       SELECT $1, $2, 'NLM-145', 'SE556677889901', 'SE', 'Stockholm', 'Hangarvägen 12', '190 45', $3, 'approved', now()
        WHERE EXISTS (SELECT 1 FROM accounts_invitations.users WHERE id = $3)
       ON CONFLICT (id) DO NOTHING`,
      [DEMO_COMPANY.id, DEMO_COMPANY.name, owner.id],
    );
    await manager.query(
      `UPDATE accounts_invitations.users SET company_id = $2
        WHERE id = $1 AND company_id IS NULL AND EXISTS (SELECT 1 FROM accounts_invitations.companies WHERE id = $2)`,
      [owner.id, DEMO_COMPANY.id],
    );
  });
}
