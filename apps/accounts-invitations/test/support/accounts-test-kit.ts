import { AccountsRpc, DEMO_ACCOUNTS, type AccountRole, type EventEnvelope, type RegisterRequest, type RegisterResponse } from '@aero/contracts';
import { eventStreamName } from '@aero/backend-messaging';
import { actingAs, startServiceKit, studentForm, waitFor, type ServiceKit } from '@aero/backend-testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { accountsInvitationsService } from '../../src/accounts-invitations.service-definition.js';

export { DEMO_PASSWORD, GOOD_PASSWORD, rejection, studentForm, unique } from '@aero/backend-testing';

/** One running accounts service on its own slice of Postgres, NATS and Redis, with demo data. */
export type AccountsKit = ServiceKit;

export function startAccounts(): Promise<AccountsKit> {
  return startServiceKit(accountsInvitationsService, { env: { SEED_DEMO_DATA: 'true' } });
}

export function corporateForm(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  return studentForm({
    is_corporate: '1',
    company_name: 'Baltic Aero Technics',
    company_code: 'BAT-1',
    vat_number: 'LT100001234567',
    company_country: 'LT',
    city: 'Vilnius',
    address: 'Rodūnios kelias 2',
    zip: 'LT-02189',
    ...overrides,
  });
}

export function register(kit: AccountsKit, overrides: Partial<RegisterRequest> = {}): Promise<RegisterResponse> {
  return kit.rpc.call(AccountsRpc.Register, studentForm(overrides));
}

/** A registered user holding exactly these roles (set by the demo administrator). */
export async function userWithRoles(kit: AccountsKit, roles: AccountRole[], overrides: Partial<RegisterRequest> = {}): Promise<string> {
  const { data } = await register(kit, overrides);
  await actingAs({ userId: DEMO_ACCOUNTS.administrator.id }, () => kit.rpc.call(AccountsRpc.SetRoles, { userId: data.id, roles }));
  return data.id;
}

export interface OutboxRow<T = unknown> {
  id: string;
  type: string;
  payload: EventEnvelope<T>;
  published_at: Date | null;
}

/** Outbox rows of one event type whose data matches `where` (e.g. `{ userId }`). */
export async function outboxEvents<T = Record<string, unknown>>(kit: AccountsKit, type: string, where: Record<string, unknown> = {}): Promise<OutboxRow<T>[]> {
  const rows: OutboxRow<T>[] = await kit.service.infra.dataSource.query(
    `SELECT id, type, payload, published_at FROM accounts_invitations.outbox WHERE type = $1 AND payload->'data' @> $2::jsonb ORDER BY created_at, id`,
    [type, JSON.stringify(where)],
  );
  return rows;
}

/** Every event of this test's JetStream stream (read back by sequence number). */
export async function streamEvents(kit: AccountsKit): Promise<EventEnvelope<Record<string, unknown>>[]> {
  const jsm = await jetstreamManager(kit.service.infra.nats);
  const name = eventStreamName(kit.env.natsPrefix);
  const info = await jsm.streams.info(name);
  const events: EventEnvelope<Record<string, unknown>>[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    const message = await jsm.streams.getMessage(name, { seq }).catch(() => null);
    if (message) events.push(message.json());
  }
  return events;
}

/** Waits until the relay has published the outbox row, then returns it. */
export async function publishedEvent<T = Record<string, unknown>>(kit: AccountsKit, type: string, where: Record<string, unknown>): Promise<OutboxRow<T>> {
  const row = await waitFor(
    async () => {
      const rows = await outboxEvents<T>(kit, type, where);
      return rows.length && rows.every((r) => r.published_at) ? rows[rows.length - 1] : null;
    },
    { what: `${type} published` },
  );
  return row!;
}

/** The `token` query parameter of an e-mail link. */
export function tokenOf(url: string): string {
  return new URL(url).searchParams.get('token') ?? '';
}

/** The token of a password reset link (`/password/reset/<token>?email=…`). */
export function resetTokenOf(url: string): string {
  const [, token = ''] = /^\/password\/reset\/([^/]+)$/.exec(new URL(url).pathname) ?? [];
  return decodeURIComponent(token);
}

/** The latest verification link e-mailed to this user (registration or resend). */
export async function latestVerificationToken(kit: AccountsKit, userId: string): Promise<string> {
  const rows = [
    ...(await outboxEvents<{ verificationUrl: string | null }>(kit, 'user.registered', { userId })),
    ...(await outboxEvents<{ verificationUrl: string }>(kit, 'user.email_verification_requested', { userId })),
  ].filter((r) => r.payload.data.verificationUrl);
  rows.sort((a, b) => a.payload.occurredAt.localeCompare(b.payload.occurredAt));
  return tokenOf(rows[rows.length - 1].payload.data.verificationUrl!);
}

/** 1×1 images of each accepted type. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
export const TINY_JPEG_HEADER = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString('base64');
export const TINY_WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]).toString('base64');
