import {
  AccountMessages,
  COOKIE_POLICY_VERSION,
  PRIVACY_POLICY_VERSION,
  UserNewsletterConsentChangedEvent,
  type ConsentsView,
  type cookieConsentRecordSchema,
  type CookieConsentDto,
  type NewsletterConsentDto,
} from '@aero/contracts';
import { AccountErrorCode } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { OutboxWriter } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { fullName, UserDirectory } from '../common/user-directory.js';

interface CookieRow {
  necessary: boolean;
  statistics: boolean;
  social: boolean;
  policy_version: string;
  recorded_at: Date;
}
interface NewsletterRow {
  opt_in: boolean;
  policy_version: string;
  recorded_at: Date;
}

const cookieDto = (row: CookieRow): CookieConsentDto => ({ ...row, recorded_at: row.recorded_at.toISOString() });
const newsletterDto = (row: NewsletterRow): NewsletterConsentDto => ({
  opt_in: row.opt_in ? 1 : 0,
  policy_version: row.policy_version,
  recorded_at: row.recorded_at.toISOString(),
});

/**
 * Consent records (spec: shop §2 consent, §4 cookie consent): cookie categories per visitor
 * session and per user, newsletter opt-in per user. Append-only with time and policy version;
 * the latest record is the one in force.
 */
@Injectable()
export class ConsentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly users: UserDirectory,
  ) {}

  /** The choice of the client's session (the context's), and of its signed-in user (the actor) when there is one. */
  async recordCookies(ctx: RequestContext, request: z.output<typeof cookieConsentRecordSchema>): Promise<{ message: string; data: CookieConsentDto }> {
    const actor = ctx.actor ? await this.users.requireActor(ctx) : null;
    const sessionId = ctx.session?.id ?? null;
    if (!actor && !sessionId) {
      throw new DomainError(AccountErrorCode.Validation, AccountMessages.formInvalid, 422, { session_id: [AccountMessages.required('session')] });
    }
    const version = request.policy_version ?? COOKIE_POLICY_VERSION;
    const [row]: CookieRow[] = await this.dataSource.query(
      `INSERT INTO accounts_invitations.consents (user_id, session_id, kind, necessary, statistics, social, policy_version, source)
       VALUES ($1, $2, 'cookies', true, $3, $4, $5, 'banner')
       RETURNING necessary, statistics, social, policy_version, recorded_at`,
      [
        actor?.id ?? null,
        sessionId,
        request.statistics,
        request.social,
        version,
      ],
    );
    return { message: AccountMessages.consentRecorded, data: cookieDto(row) };
  }

  /** `PATCH /profile/update-newsletter-consent` (opt_in 1 or 0): recorded, and published for notifications. */
  async updateNewsletter(ctx: RequestContext, request: { opt_in: 0 | 1 }): Promise<{ message: string; data: NewsletterConsentDto }> {
    const optIn = request.opt_in === 1;
    // Withdrawing consent is always possible (a banned account too); subscribing needs the capability.
    const actor = await this.users.requireActor(ctx, optIn ? 'newsletter.subscribe' : 'profile.manage_own');
    const row = await this.dataSource.transaction(async (manager) => {
      const [inserted]: NewsletterRow[] = await manager.query(
        `INSERT INTO accounts_invitations.consents (user_id, kind, opt_in, policy_version, source)
         VALUES ($1, 'newsletter', $2, $3, 'profile') RETURNING opt_in, policy_version, recorded_at`,
        [actor.id, optIn, PRIVACY_POLICY_VERSION],
      );
      await manager.query(`UPDATE accounts_invitations.users SET newsletter_opt_in = $2, updated_at = now() WHERE id = $1`, [
        actor.id,
        optIn,
      ]);
      await this.outbox.add(manager, UserNewsletterConsentChangedEvent, {
        userId: actor.id,
        email: actor.email,
        name: fullName(actor),
        optIn: optIn === true,
        policyVersion: PRIVACY_POLICY_VERSION,
        source: 'profile',
        changedAt: inserted.recorded_at.toISOString(),
      });
      return inserted;
    });
    return { message: optIn ? AccountMessages.newsletterSubscribed : AccountMessages.newsletterUnsubscribed, data: newsletterDto(row) };
  }

  /** The consents in force: the user's (else the visitor session's) cookie choice and the newsletter opt-in. */
  async get(ctx: RequestContext): Promise<{ data: ConsentsView }> {
    const actor = ctx.actor ? await this.users.requireActor(ctx) : null;
    const sessionId = ctx.session?.id ?? null;
    let cookies: CookieRow | undefined;
    if (actor) {
      [cookies] = await this.dataSource.query(
        `SELECT necessary, statistics, social, policy_version, recorded_at FROM accounts_invitations.consents
          WHERE user_id = $1 AND kind = 'cookies' ORDER BY id DESC LIMIT 1`,
        [actor.id],
      );
    }
    if (!cookies && sessionId) {
      [cookies] = await this.dataSource.query(
        `SELECT necessary, statistics, social, policy_version, recorded_at FROM accounts_invitations.consents
          WHERE session_id = $1 AND kind = 'cookies' ORDER BY id DESC LIMIT 1`,
        [sessionId],
      );
    }
    let newsletter: NewsletterRow | undefined;
    if (actor) {
      [newsletter] = await this.dataSource.query(
        `SELECT opt_in, policy_version, recorded_at FROM accounts_invitations.consents
          WHERE user_id = $1 AND kind = 'newsletter' ORDER BY id DESC LIMIT 1`,
        [actor.id],
      );
    }
    return { data: { cookies: cookies ? cookieDto(cookies) : null, newsletter: newsletter ? newsletterDto(newsletter) : null } };
  }
}
