import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Organize course (issue 12): the organizer's draft between the page's steps, each delivery (what
 * went to whom), and the hard-copy certificates a delivery asked for (one per student, each from a
 * certificate credit).
 */
export class OrganizeCourse1795254100000 implements MigrationInterface {
  name = 'OrganizeCourse1795254100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE sharing_organize.organize_drafts (
      user_id text PRIMARY KEY,
      draft jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE sharing_organize.organize_deliveries (
      id uuid PRIMARY KEY,
      owner_key text NOT NULL,
      organizer_user_id text NOT NULL,
      program_id integer NOT NULL,
      course_name text NOT NULL,
      by_email integer NOT NULL CHECK (by_email >= 0),
      by_ticket integer NOT NULL CHECK (by_ticket >= 0),
      certificates integer NOT NULL CHECK (certificates >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT organize_deliveries_not_empty CHECK (by_email + by_ticket > 0)
    )`);
    await q.query(`CREATE TABLE sharing_organize.certificate_requests (
      id uuid PRIMARY KEY,
      delivery_id uuid NOT NULL REFERENCES sharing_organize.organize_deliveries (id),
      grant_id uuid NOT NULL REFERENCES sharing_organize.seat_grants (id),
      share_id uuid NOT NULL REFERENCES sharing_organize.share_items (id),
      student_name text NOT NULL,
      student_email text,
      program_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sharing_organize.certificate_requests');
    await q.query('DROP TABLE sharing_organize.organize_deliveries');
    await q.query('DROP TABLE sharing_organize.organize_drafts');
  }
}
