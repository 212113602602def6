import type { DataSource } from 'typeorm';

/**
 * Renews the claim (`claimed_at`) of an e-mail while its holder still holds it: the row must be
 * `sending` under this holder's token. Answers whether it was renewed.
 */
const RENEW_CLAIM = `WITH renewed AS (
    UPDATE notifications.emails SET claimed_at = now()
     WHERE key = $1 AND status = 'sending' AND claim_token = $2
    RETURNING 1)
  SELECT count(*)::int AS renewed FROM renewed`;

/**
 * The claim one send attempt holds on an e-mail row, kept alive while the send runs.
 *
 * A claim lasts a short lease (EMAIL_SEND_LEASE_MS) from `claimed_at`, and this heartbeat renews
 * it every quarter lease. A worker that dies stops renewing, so its e-mail can be claimed again
 * soon after the crash instead of after a lease long enough for the slowest send; a send that is
 * merely slow keeps its claim, so nobody else sends the same e-mail meanwhile. A renewal that
 * finds the claim gone (this worker stalled past the lease and another took over) marks the claim
 * lost: the holder then must not send, nor record an outcome.
 */
export class EmailClaim {
  private timer?: NodeJS.Timeout;
  private renewing?: Promise<void>;
  private lostClaim = false;

  constructor(
    private readonly dataSource: DataSource,
    readonly key: string,
    readonly token: string,
    private readonly renewEveryMs: number,
    private readonly onRenewError: (error: unknown) => void,
  ) {}

  /** True once a renewal found the claim taken over. */
  get lost(): boolean {
    return this.lostClaim;
  }

  start(): this {
    this.timer = setInterval(() => {
      // One renewal at a time: a slow database must not pile them up.
      this.renewing ??= this.renew().finally(() => (this.renewing = undefined));
    }, this.renewEveryMs);
    // A pending renewal never holds the process open at shutdown.
    this.timer.unref();
    return this;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.renewing;
  }

  private async renew(): Promise<void> {
    try {
      const [row] = await this.dataSource.query<{ renewed: number }[]>(RENEW_CLAIM, [this.key, this.token]);
      if (row?.renewed !== 1) {
        this.lostClaim = true;
        clearInterval(this.timer);
      }
    } catch (error) {
      // The database is unreachable for now: the next beat tries again; the lease leaves time for it.
      this.onRenewError(error);
    }
  }
}
