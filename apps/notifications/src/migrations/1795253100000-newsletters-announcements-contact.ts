import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Newsletter subscriptions and the bonus popup state, announcements, contact requests. */
export class NewslettersAnnouncementsContact1795253100000 implements MigrationInterface {
  name = 'NewslettersAnnouncementsContact1795253100000';

  async up(q: QueryRunner): Promise<void> {
    // One row per user who subscribed, unsubscribed or saw the bonus popup. `consent_changed_at`
    // is the time of the subscription change in force: an older change arriving late is ignored.
    await q.query(`CREATE TABLE notifications.newsletter_subscriptions (
      user_id uuid PRIMARY KEY,
      email text,
      subscribed boolean NOT NULL DEFAULT false,
      consent_changed_at timestamptz,
      bonus_popup_seen_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX newsletter_subscribers_idx ON notifications.newsletter_subscriptions (email) WHERE subscribed`);

    await q.query(`CREATE TABLE notifications.announcements (
      uuid uuid PRIMARY KEY,
      message text NOT NULL,
      class text NOT NULL CHECK (class IN ('info', 'success', 'warning', 'danger')),
      published_by uuid,
      published_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX announcements_published_idx ON notifications.announcements (published_at DESC)`);

    await q.query(`CREATE TABLE notifications.contact_requests (
      id uuid PRIMARY KEY,
      is_private_person boolean NOT NULL,
      name text NOT NULL,
      email text NOT NULL,
      company text,
      phone text,
      country char(2) NOT NULL,
      courses_request text NOT NULL,
      starting_date date,
      group_size integer CHECK (group_size >= 1),
      user_id uuid,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX contact_requests_created_idx ON notifications.contact_requests (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE notifications.contact_requests');
    await q.query('DROP TABLE notifications.announcements');
    await q.query('DROP TABLE notifications.newsletter_subscriptions');
  }
}
