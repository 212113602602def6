import { AccountsRpc, ReportsRpc, type Actor } from '@aero/contracts';
import { actingAs, spawnPlatformApp, studentForm, type SpawnedProcess } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { PaymentsKit, rejection } from './support/payments-test-kit.js';

/**
 * The wallet movements report: the company's wallet is the wallets of its buying people
 * (company, training manager, coordinator, commercial manager; accounts-invitations answers who
 * they are), never an employee's own wallet nor another company's.
 */
describe('wallet movements report', () => {
  let kit: PaymentsKit;
  let accounts: SpawnedProcess;
  let companyA: Actor;
  let managerA: Actor;
  let employeeA: Actor;
  let companyB: Actor;

  const report = (actor: Actor | null, request: Record<string, unknown> = {}) =>
    actor ? actingAs(actor, () => kit.rpc.call(ReportsRpc.WalletMovements, request)) : kit.rpc.call(ReportsRpc.WalletMovements, request);

  /** A company account (its admin) registered with accounts-invitations. */
  async function company(): Promise<Actor> {
    const form = studentForm({ type: 'company', company_name: `Hangar ${randomUUID().slice(0, 6)}`, company_country: 'FI', city: 'Oulu', address: 'Hangar 1', zip: '90100' });
    const { data } = await kit.rpc.call(AccountsRpc.Register, form);
    const { data: user } = await kit.rpc.call(AccountsRpc.GetUser, { userId: data.id });
    return { userId: data.id, companyId: user!.company_id, roles: user!.roles, status: null };
  }

  /** A person of `of`'s company holding `role`. */
  async function colleague(of: Actor, role: string): Promise<Actor> {
    const { data } = await kit.rpc.call(AccountsRpc.Register, studentForm());
    await kit.db.query('UPDATE accounts_invitations.users SET company_id = $2 WHERE id = $1', [data.id, of.companyId]);
    await kit.db.query('DELETE FROM accounts_invitations.user_roles WHERE user_id = $1', [data.id]);
    await kit.db.query('INSERT INTO accounts_invitations.user_roles (user_id, role) VALUES ($1, $2)', [data.id, role]);
    return { userId: data.id, companyId: of.companyId, roles: [role], status: null };
  }

  /** A ledger line, `daysAgo` days old. */
  async function entry(userId: string, kind: string, amountCents: number, description: string, daysAgo: number): Promise<void> {
    await kit.db.query('INSERT INTO payments.wallet_accounts (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [userId]);
    await kit.db.query(
      `INSERT INTO payments.wallet_entries (user_id, kind, amount_cents, idempotency_key, description, created_at)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6))`,
      [userId, kind, amountCents, randomUUID(), description, daysAgo],
    );
  }

  beforeAll(async () => {
    kit = await PaymentsKit.start();
    accounts = await spawnPlatformApp('accounts-invitations', kit.env, { seed: false });
    companyA = await company();
    companyB = await company();
    managerA = await colleague(companyA, 'commercial_manager');
    employeeA = await colleague(companyA, 'employee');
    await entry(companyA.userId, 'top_up', 50_000, 'Wallet top-up AM-1', 5);
    await entry(companyA.userId, 'payment', -19_900, 'Payment of order AM-2', 4);
    await entry(managerA.userId, 'top_up', 10_000, 'Wallet top-up AM-3', 3);
    await entry(companyA.userId, 'refund', 19_900, 'Refund of order AM-2', 2);
    await entry(employeeA.userId, 'top_up', 7_700, 'Private top-up of an employee', 1);
    await entry(companyB.userId, 'top_up', 99_900, 'Wallet top-up of company B', 1);
  }, 120_000);

  afterAll(async () => {
    await accounts?.stop();
    await kit?.close();
  });

  it("lists the movements of the company's buying people, newest first, each with its wallet's balance after it", async () => {
    const page = await report(companyA);
    expect(page.meta.pagination).toEqual({ total: 4, count: 4, per_page: 10, current_page: 1, total_pages: 1 });
    expect(page.data.map(({ description, amount_cents, balance_after_cents }) => [description, amount_cents, balance_after_cents])).toEqual([
      ['Refund of order AM-2', 19_900, 50_000],
      ['Wallet top-up AM-3', 10_000, 10_000],
      ['Payment of order AM-2', -19_900, 30_100],
      ['Wallet top-up AM-1', 50_000, 50_000],
    ]);
    expect(page.data[0].date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("never shows an employee's own wallet nor another company's; a report viewer of the company sees the same rows", async () => {
    const descriptions = (await report(companyA, { per_page: 50 })).data.map((r) => r.description);
    expect(descriptions).not.toContain('Private top-up of an employee');
    expect(descriptions).not.toContain('Wallet top-up of company B');
    expect((await report(companyB)).data.map((r) => r.description)).toEqual(['Wallet top-up of company B']);
    const viewer: Actor = { userId: randomUUID(), companyId: companyA.companyId, roles: ['reports_viewer'], status: null };
    expect((await report(viewer)).data).toEqual((await report(companyA)).data);
  });

  it('shows administrators every wallet', async () => {
    const admin: Actor = { userId: randomUUID(), companyId: null, roles: ['administrator_limited'], status: null };
    const all = await report(admin, { per_page: 50 });
    expect(all.data.map((r) => r.description)).toEqual(expect.arrayContaining(['Private top-up of an employee', 'Wallet top-up of company B', 'Wallet top-up AM-1']));
  });

  it('sorts by each column and pages', async () => {
    const amounts = async (request: Record<string, unknown>) => (await report(companyA, request)).data.map((r) => r.amount_cents);
    expect(await amounts({ sort: 'amount_cents' })).toEqual([50_000, 19_900, 10_000, -19_900]);
    expect(await amounts({ sort: 'amount_cents', direction: 'asc' })).toEqual([-19_900, 10_000, 19_900, 50_000]);
    expect(await amounts({ sort: 'date', direction: 'asc' })).toEqual([50_000, -19_900, 10_000, 19_900]);
    expect((await report(companyA, { sort: 'description' })).data.map((r) => r.description)).toEqual([
      'Payment of order AM-2',
      'Refund of order AM-2',
      'Wallet top-up AM-1',
      'Wallet top-up AM-3',
    ]);
    expect(await amounts({ sort: 'balance_after_cents', direction: 'asc' })).toEqual([10_000, -19_900, 50_000, 19_900]);
    const second = await report(companyA, { sort: 'date', per_page: 3, page: 2 });
    expect(second.meta.pagination).toEqual({ total: 4, count: 1, per_page: 3, current_page: 2, total_pages: 2 });
    expect(second.data.map((r) => r.description)).toEqual(['Wallet top-up AM-1']);
  });

  it('refuses visitors (401), learners and company staff without reports.view (403), and a sort outside the columns (422)', async () => {
    expect(await rejection(report(null))).toMatchObject({ status: 401 });
    expect(await rejection(report({ ...employeeA }))).toMatchObject({ status: 403 });
    expect(await rejection(report({ ...managerA }))).toMatchObject({ status: 403 });
    expect(await rejection(report(companyA, { sort: 'user_id' }))).toMatchObject({ status: 422, errors: { sort: [expect.stringContaining('amount_cents')] } });
  });

  it("accounts-invitations names a company's buyers only to someone who may read that company's reports", async () => {
    const buyers = (actor: Actor, companyId: string | null) => actingAs(actor, () => kit.rpc.call(ReportsRpc.CompanyBuyers, { companyId: companyId! }));
    expect((await buyers(companyA, companyA.companyId)).userIds.sort()).toEqual([companyA.userId, managerA.userId].sort());
    expect(await rejection(buyers(companyA, companyB.companyId))).toMatchObject({ status: 403 });
    expect(await rejection(buyers(employeeA, companyA.companyId))).toMatchObject({ status: 403 });
    expect(await rejection(kit.rpc.call(ReportsRpc.CompanyBuyers, { companyId: companyA.companyId! }))).toMatchObject({ status: 401 });
  });

  it("a company without buyers' wallets has an empty report", async () => {
    const viewer: Actor = { userId: randomUUID(), companyId: randomUUID(), roles: ['reports_viewer'], status: null };
    expect(await report(viewer)).toEqual({ data: [], meta: { pagination: { total: 0, count: 0, per_page: 10, current_page: 1, total_pages: 1 } } });
  });
});
