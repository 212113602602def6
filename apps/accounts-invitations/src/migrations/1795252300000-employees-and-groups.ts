import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'accounts_invitations';

/**
 * The people a company trains (learning §3 Employee, Employee group) and what the invitations
 * feature adds to the minimal invitations table: when the link was last e-mailed (the resend
 * throttle reads it) and who joined.
 *
 * An employee's e-mail is unique in its company (case-insensitive) but optional: a person without
 * one is delivered courses by ticket. The account a person joined with is linked by `user_id`.
 */
export class EmployeesAndGroups1795252300000 implements MigrationInterface {
  name = 'EmployeesAndGroups1795252300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE ${S}.employees (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${S}.companies(id) ON DELETE CASCADE,
      user_id uuid REFERENCES ${S}.users(id) ON DELETE SET NULL,
      name text NOT NULL CHECK (btrim(name) <> ''),
      first_name text,
      last_name text,
      surname text,
      email text CHECK (email IS NULL OR btrim(email) <> ''),
      birth_date date,
      country char(2),
      department text,
      division text,
      position text,
      created_by uuid REFERENCES ${S}.users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX employees_company_email_uq ON ${S}.employees (company_id, lower(email)) WHERE email IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX employees_company_user_uq ON ${S}.employees (company_id, user_id) WHERE user_id IS NOT NULL`);
    // The list and the pickers read a company's employees by name.
    await q.query(`CREATE INDEX employees_company_name_idx ON ${S}.employees (company_id, lower(name), id)`);

    await q.query(`CREATE TABLE ${S}.employee_groups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${S}.companies(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (btrim(name) <> ''),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX employee_groups_company_name_uq ON ${S}.employee_groups (company_id, lower(name))`);

    // A member belongs to the group's company: the composite keys make a cross-company membership impossible.
    await q.query(`ALTER TABLE ${S}.employees ADD CONSTRAINT employees_id_company_uq UNIQUE (id, company_id)`);
    await q.query(`ALTER TABLE ${S}.employee_groups ADD CONSTRAINT employee_groups_id_company_uq UNIQUE (id, company_id)`);
    await q.query(`CREATE TABLE ${S}.employee_group_members (
      group_id uuid NOT NULL,
      employee_id uuid NOT NULL,
      company_id uuid NOT NULL,
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (group_id, employee_id),
      FOREIGN KEY (group_id, company_id) REFERENCES ${S}.employee_groups(id, company_id) ON DELETE CASCADE,
      FOREIGN KEY (employee_id, company_id) REFERENCES ${S}.employees(id, company_id) ON DELETE CASCADE
    )`);
    await q.query(`CREATE INDEX employee_group_members_employee_idx ON ${S}.employee_group_members (employee_id)`);

    await q.query(`ALTER TABLE ${S}.invitations ADD COLUMN last_sent_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`ALTER TABLE ${S}.invitations ADD COLUMN employee_id uuid REFERENCES ${S}.employees(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX invitations_company_pending_idx ON ${S}.invitations (company_id, created_at, id) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX invitations_pending_email_idx ON ${S}.invitations (lower(email), created_at) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ${S}.invitations_pending_email_idx`);
    await q.query(`DROP INDEX ${S}.invitations_company_pending_idx`);
    await q.query(`ALTER TABLE ${S}.invitations DROP COLUMN employee_id`);
    await q.query(`ALTER TABLE ${S}.invitations DROP COLUMN last_sent_at`);
    await q.query(`DROP TABLE ${S}.employee_group_members`);
    await q.query(`DROP TABLE ${S}.employee_groups`);
    await q.query(`DROP TABLE ${S}.employees`);
  }
}
