import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'accounts_invitations';

/**
 * Users, roles, companies, tokens, profile data, billing, consents, KYC decisions and the
 * minimal invitations table. Status and kind columns are text with CHECK constraints listing the
 * values of libs/contracts (roles.ts, kyc.ts, invitations.ts).
 */
export class Accounts1795252100000 implements MigrationInterface {
  name = 'Accounts1795252100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE ${S}.companies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      code text,
      vat_number text,
      country char(2) NOT NULL,
      city text NOT NULL,
      address text NOT NULL,
      zip text NOT NULL,
      owner_user_id uuid,
      kyc_status text NOT NULL DEFAULT 'not_confirmed' CHECK (kyc_status IN ('not_confirmed','declined','approved')),
      kyc_reason text,
      kyc_decided_by uuid,
      kyc_decided_at timestamptz,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active','banned','compliance_review')),
      review_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (status <> 'compliance_review' OR review_until IS NOT NULL)
    )`);
    await q.query(`CREATE TABLE ${S}.users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      nick text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      password_hash text NOT NULL,
      type text NOT NULL DEFAULT 'student' CHECK (type IN ('student','company')),
      company_id uuid REFERENCES ${S}.companies(id),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active','banned','compliance_review')),
      review_until timestamptz,
      email_verified_at timestamptz,
      terms_version text,
      terms_accepted_at timestamptz,
      newsletter_opt_in boolean NOT NULL DEFAULT false,
      kyc_status text CHECK (kyc_status IN ('not_confirmed','declined','approved')),
      kyc_reason text,
      kyc_decided_by uuid,
      kyc_decided_at timestamptz,
      birth_date date,
      gender text CHECK (gender IN ('male','female')),
      birth_place text,
      personal_info_filled_at timestamptz,
      password_changed_at timestamptz,
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (status <> 'compliance_review' OR review_until IS NOT NULL)
    )`);
    await q.query(`CREATE UNIQUE INDEX users_email_uq ON ${S}.users (lower(email))`);
    await q.query(`CREATE UNIQUE INDEX users_nick_uq ON ${S}.users (lower(nick))`);
    await q.query(`CREATE INDEX users_company_idx ON ${S}.users (company_id)`);
    await q.query(`CREATE INDEX users_kyc_pending_idx ON ${S}.users (created_at) WHERE kyc_status = 'not_confirmed'`);
    await q.query(
      `ALTER TABLE ${S}.companies ADD CONSTRAINT companies_owner_fk FOREIGN KEY (owner_user_id) REFERENCES ${S}.users(id)`,
    );
    await q.query(`CREATE INDEX companies_kyc_pending_idx ON ${S}.companies (created_at) WHERE kyc_status = 'not_confirmed'`);

    await q.query(`CREATE TABLE ${S}.user_roles (
      user_id uuid NOT NULL REFERENCES ${S}.users(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('administrator','administrator_limited','student','company','employee','kyc',
        'training_manager','coordinator','commercial_manager','reports_viewer','instructor')),
      granted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, role)
    )`);

    // Signed e-mail links: the row makes a token single-use and revocable; the HMAC makes it unforgeable.
    await q.query(`CREATE TABLE ${S}.account_tokens (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES ${S}.users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('verify_email','reset_password')),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX account_tokens_user_idx ON ${S}.account_tokens (user_id, purpose) WHERE used_at IS NULL AND revoked_at IS NULL`);

    await q.query(`CREATE TABLE ${S}.terms_acceptances (
      id bigserial PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES ${S}.users(id) ON DELETE CASCADE,
      version text NOT NULL,
      accepted_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX terms_acceptances_user_idx ON ${S}.terms_acceptances (user_id, accepted_at DESC)`);

    await q.query(`CREATE TABLE ${S}.avatars (
      user_id uuid PRIMARY KEY REFERENCES ${S}.users(id) ON DELETE CASCADE,
      content_type text NOT NULL CHECK (content_type IN ('image/png','image/jpeg','image/webp')),
      bytes bytea NOT NULL,
      size integer NOT NULL CHECK (size BETWEEN 1 AND 2097152),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);

    await q.query(`CREATE TABLE ${S}.billing_information (
      user_id uuid PRIMARY KEY REFERENCES ${S}.users(id) ON DELETE CASCADE,
      person text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL DEFAULT '',
      country char(2) NOT NULL,
      region text NOT NULL DEFAULT '',
      city text NOT NULL,
      address text NOT NULL,
      zip text NOT NULL,
      to_company boolean NOT NULL DEFAULT false,
      company text NOT NULL DEFAULT '',
      company_code text NOT NULL DEFAULT '',
      vat text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);

    // Consent records are append-only: the latest row per user (or visitor session) is in force.
    await q.query(`CREATE TABLE ${S}.consents (
      id bigserial PRIMARY KEY,
      user_id uuid REFERENCES ${S}.users(id) ON DELETE CASCADE,
      session_id text,
      kind text NOT NULL CHECK (kind IN ('cookies','newsletter')),
      necessary boolean,
      statistics boolean,
      social boolean,
      opt_in boolean,
      policy_version text NOT NULL,
      source text NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      CHECK (user_id IS NOT NULL OR session_id IS NOT NULL),
      CHECK (kind <> 'cookies' OR (necessary IS NOT NULL AND statistics IS NOT NULL AND social IS NOT NULL)),
      CHECK (kind <> 'newsletter' OR (opt_in IS NOT NULL AND user_id IS NOT NULL))
    )`);
    await q.query(`CREATE INDEX consents_user_idx ON ${S}.consents (user_id, kind, id DESC) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE INDEX consents_session_idx ON ${S}.consents (session_id, kind, id DESC) WHERE session_id IS NOT NULL`);

    await q.query(`CREATE TABLE ${S}.kyc_decisions (
      id bigserial PRIMARY KEY,
      subject_type text NOT NULL CHECK (subject_type IN ('company','user')),
      subject_id uuid NOT NULL,
      decision text NOT NULL CHECK (decision IN ('approved','declined')),
      reason text,
      decided_by uuid NOT NULL REFERENCES ${S}.users(id),
      decided_at timestamptz NOT NULL DEFAULT now(),
      CHECK (decision <> 'declined' OR reason IS NOT NULL)
    )`);

    // Minimal invitations (token, e-mail, company, status); the invitations feature extends it.
    await q.query(`CREATE TABLE ${S}.invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      email text NOT NULL,
      company_id uuid NOT NULL REFERENCES ${S}.companies(id) ON DELETE CASCADE,
      invited_by uuid REFERENCES ${S}.users(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','accepted','cancelled')),
      division text,
      department text,
      position text,
      accepted_user_id uuid REFERENCES ${S}.users(id) ON DELETE SET NULL,
      accepted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(
      `CREATE UNIQUE INDEX invitations_pending_email_uq ON ${S}.invitations (company_id, lower(email)) WHERE status = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'invitations',
      'kyc_decisions',
      'consents',
      'billing_information',
      'avatars',
      'terms_acceptances',
      'account_tokens',
      'user_roles',
    ]) {
      await q.query(`DROP TABLE ${S}.${table}`);
    }
    await q.query(`ALTER TABLE ${S}.companies DROP CONSTRAINT companies_owner_fk`);
    await q.query(`DROP TABLE ${S}.users`);
    await q.query(`DROP TABLE ${S}.companies`);
  }
}
