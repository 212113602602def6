import {
  reportPagination,
  ReportsRpc,
  type ReportPage,
  type ReportQuery,
  type WalletMovementRow,
  type WalletMovementsSort,
} from '@aero/contracts';
import { reportScope, RpcClient } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The SQL of each sortable column over the ledger lines `m` (the whitelist: a sort reaches SQL only through this map). */
const SORT_COLUMNS: Record<WalletMovementsSort, string> = {
  date: 'm.created_at',
  description: 'm.description',
  amount_cents: 'm.amount_cents',
  balance_after_cents: 'm.balance_after_cents',
};

/**
 * The wallet report (spec: learning §1 "view reports (… wallet)"): the movements of the
 * company's wallets, i.e. the wallets of its buying people (docs/decisions.md #22 and the reports
 * decision), each with the balance of its wallet right after it; every wallet for
 * administrators. Who the company's buyers are is asked of accounts-invitations, as the caller.
 */
@Injectable()
export class WalletMovementsReport {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async page(ctx: RequestContext, query: ReportQuery<'wallet-movements'>): Promise<ReportPage<WalletMovementRow>> {
    const scope = reportScope(ctx);
    const holders = scope.kind === 'company' ? (await this.rpc.call(ReportsRpc.CompanyBuyers, { companyId: scope.companyId })).userIds : null;
    if (holders && holders.length === 0) return { data: [], meta: { pagination: reportPagination(0, 0, query) } };
    const order = `${SORT_COLUMNS[query.sort]} ${query.direction === 'asc' ? 'ASC' : 'DESC'}, m.id ${query.direction === 'asc' ? 'ASC' : 'DESC'}`;
    const rows: { created_at: Date; description: string; amount_cents: number; balance_after_cents: number; total: number }[] = await this.dataSource.query(
      `SELECT m.created_at, m.description, m.amount_cents, m.balance_after_cents, m.total FROM (
         SELECT e.id, e.created_at, e.description, e.amount_cents,
                SUM(e.amount_cents) OVER (PARTITION BY e.user_id ORDER BY e.id)::int AS balance_after_cents,
                COUNT(*) OVER ()::int AS total
           FROM payments.wallet_entries e
          WHERE ($1::text[] IS NULL OR e.user_id = ANY($1::text[]))
       ) m
       ORDER BY ${order} LIMIT $2 OFFSET $3`,
      [holders, query.per_page, (query.page - 1) * query.per_page],
    );
    const total = rows[0]?.total ?? (await this.count(holders));
    return {
      data: rows.map((row) => ({
        date: new Date(row.created_at).toISOString(),
        description: row.description,
        amount_cents: row.amount_cents,
        balance_after_cents: row.balance_after_cents,
      })),
      meta: { pagination: reportPagination(total, rows.length, query) },
    };
  }

  private async count(holders: string[] | null): Promise<number> {
    const [row]: { total: number }[] = await this.dataSource.query(
      'SELECT count(*)::int AS total FROM payments.wallet_entries e WHERE ($1::text[] IS NULL OR e.user_id = ANY($1::text[]))',
      [holders],
    );
    return row.total;
  }
}
