import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Seats and shares (issue 12). The seat count lives on each grant (`available`), with CHECKs as
 * the backstop of the conditional updates that claim and give back seats: a grant never has
 * fewer than 0 or more than it was bought with, so a bug fails the write instead of making or
 * losing seats. A share item holds one seat of its grant while it is not recalled or cancelled;
 * every status change is one row of `share_transitions` (who, when, why).
 */
export class SeatsAndShares1795254000000 implements MigrationInterface {
  name = 'SeatsAndShares1795254000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE sharing_organize.seat_grants (
      id uuid PRIMARY KEY,
      -- 'user:<id>' for a person's seats, 'company:<id>' for a company's
      owner_key text NOT NULL,
      owner_kind text NOT NULL CHECK (owner_kind IN ('person', 'company')),
      owner_user_id text NOT NULL,
      owner_company_id text,
      owner_name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('course', 'certificate')),
      program_id integer,
      course_name text NOT NULL,
      order_id uuid NOT NULL,
      -- the order line (its index in order.paid) the seats came from
      line_no integer NOT NULL CHECK (line_no >= 0),
      product_id integer NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      available integer NOT NULL,
      purchased_at timestamptz NOT NULL,
      available_till date NOT NULL,
      -- set when the seat is a course received from a company and passed on (see the re-share rule)
      received_from_company boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT seat_grants_available_in_range CHECK (available >= 0 AND available <= quantity),
      CONSTRAINT seat_grants_owner_matches_kind CHECK ((owner_kind = 'company') = (owner_company_id IS NOT NULL)),
      CONSTRAINT seat_grants_course_has_program CHECK (kind = 'certificate' OR program_id IS NOT NULL)
    )`);
    // One grant per order line and course: a redelivered or republished order.paid adds nothing.
    await q.query(`CREATE UNIQUE INDEX seat_grants_order_line_uq ON sharing_organize.seat_grants (order_id, line_no, kind, COALESCE(program_id, 0))`);
    await q.query(`CREATE INDEX seat_grants_pool_idx ON sharing_organize.seat_grants (owner_key, kind, program_id, available_till)`);

    await q.query(`CREATE TABLE sharing_organize.share_items (
      id uuid PRIMARY KEY,
      grant_id uuid NOT NULL REFERENCES sharing_organize.seat_grants (id),
      owner_key text NOT NULL,
      program_id integer NOT NULL,
      course_name text NOT NULL,
      status text NOT NULL CHECK (status IN ('created', 'shared', 'accepted', 'started', 'completed', 'recalled', 'cancelled')),
      share_type text NOT NULL CHECK (share_type IN ('email', 'ticket')),
      -- the recipient's e-mail, or the ticket's code
      share_to text NOT NULL,
      share_to_name text,
      recipient_email text,
      learner_user_id text,
      ticket_code text UNIQUE,
      ticket_password text,
      send_at timestamptz,
      send_count integer NOT NULL DEFAULT 0 CHECK (send_count >= 0),
      purchased_at timestamptz NOT NULL,
      available_till date NOT NULL,
      -- the seat's owner is a company (a company receiving it may not pass it on)
      from_company boolean NOT NULL,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      accepted_at timestamptz,
      started_at timestamptz,
      completed_at timestamptz,
      ended_at timestamptz,
      status_reason text,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT share_items_email_has_recipient CHECK (share_type <> 'email' OR recipient_email IS NOT NULL),
      CONSTRAINT share_items_ticket_has_code CHECK (share_type <> 'ticket' OR (ticket_code IS NOT NULL AND ticket_password IS NOT NULL)),
      CONSTRAINT share_items_received_has_learner CHECK (status NOT IN ('accepted', 'started', 'completed') OR learner_user_id IS NOT NULL),
      CONSTRAINT share_items_sent_has_send_at CHECK (status = 'created' OR status IN ('recalled', 'cancelled') OR send_at IS NOT NULL)
    )`);
    await q.query(`CREATE INDEX share_items_owner_idx ON sharing_organize.share_items (owner_key, program_id, send_at DESC)`);
    await q.query(`CREATE INDEX share_items_pending_idx ON sharing_organize.share_items (recipient_email) WHERE status = 'shared' AND share_type = 'email'`);
    await q.query(`CREATE INDEX share_items_learner_idx ON sharing_organize.share_items (learner_user_id, program_id) WHERE learner_user_id IS NOT NULL`);

    await q.query(`CREATE TABLE sharing_organize.share_transitions (
      id bigserial PRIMARY KEY,
      share_id uuid NOT NULL REFERENCES sharing_organize.share_items (id),
      sequence integer NOT NULL,
      transition text NOT NULL,
      from_status text,
      to_status text NOT NULL,
      actor_user_id text,
      reason text NOT NULL,
      at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (share_id, sequence)
    )`);

    // Who holds which course through this service (a purchase or an accepted share): the
    // "Course already received" rule, the re-share rule and My courses read it.
    await q.query(`CREATE TABLE sharing_organize.enrolments (
      id uuid PRIMARY KEY,
      user_id text NOT NULL,
      email text NOT NULL,
      program_id integer NOT NULL,
      course_name text NOT NULL,
      source text NOT NULL CHECK (source IN ('purchase', 'share')),
      order_id uuid,
      share_id uuid REFERENCES sharing_organize.share_items (id),
      status text NOT NULL CHECK (status IN ('enrolled', 'started', 'completed', 'withdrawn')),
      available_till date,
      enrolled_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      completed_at timestamptz,
      withdrawn_at timestamptz,
      CONSTRAINT enrolments_source_has_origin CHECK ((source = 'purchase') = (order_id IS NOT NULL) AND (source = 'share') = (share_id IS NOT NULL))
    )`);
    // A learner holds a course once at a time.
    await q.query(`CREATE UNIQUE INDEX enrolments_held_uq ON sharing_organize.enrolments (user_id, program_id) WHERE status <> 'withdrawn'`);
    await q.query(`CREATE UNIQUE INDEX enrolments_purchase_uq ON sharing_organize.enrolments (order_id, program_id) WHERE source = 'purchase'`);
    await q.query(`CREATE INDEX enrolments_email_idx ON sharing_organize.enrolments (email, program_id) WHERE status <> 'withdrawn'`);

    // The users this service has met (e-mail and whether it is proven), from accounts' events
    // or asked once over RPC.
    await q.query(`CREATE TABLE sharing_organize.learners (
      user_id text PRIMARY KEY,
      email text NOT NULL,
      email_verified boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX learners_email_idx ON sharing_organize.learners (email)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sharing_organize.learners');
    await q.query('DROP TABLE sharing_organize.enrolments');
    await q.query('DROP TABLE sharing_organize.share_transitions');
    await q.query('DROP TABLE sharing_organize.share_items');
    await q.query('DROP TABLE sharing_organize.seat_grants');
  }
}
