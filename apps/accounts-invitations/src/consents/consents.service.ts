import {
  AccountMessages,
  COOKIE_POLICY_VERSION,
  PRIVACY_POLICY_VERSION,
  UserNewsletterConsentChangedEvent,
  type ConsentsView,
  type CookieConsentDto,
  type GetConsentsRequest,
  type NewsletterConsentDto,
  type RecordConsentRequest,
  type UpdateNewsletterConsentRequest,
} from '@aero/contracts';
import { OutboxWriter } from '@aero/backend-messaging';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FormErrors, parseBinaryFlag, parseFlag, readText } from '../common/form-errors.js';
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

  async recordCookies(request: RecordConsentRequest): Promise<{ message: string; data: CookieConsentDto }> {
    const hasActor = request.actorId !== undefined && request.actorId !== null && request.actorId !== '';
    const actor = hasActor ? await this.users.requireActor(request.actorId) : null;
    const errors = new FormErrors();
    const sessionId = readText(errors, 'session_id', request.sessionId, { label: 'session', required: !actor, max: 200 });
    const necessaryInput = request.necessary ?? request.necessary_cookies_consent;
    // Necessary cookies keep the site working; "refusing" them is not a choice the banner offers.
    if (necessaryInput !== undefined && necessaryInput !== null && necessaryInput !== '' && !parseFlag(necessaryInput)) {
      errors.add('necessary', AccountMessages.necessaryCookies);
    }
    const version =
      request.policy_version === undefined
        ? COOKIE_POLICY_VERSION
        : readText(errors, 'policy_version', request.policy_version, { label: 'policy version', required: true, max: 50 });
    errors.throwIfAny();
    const [row]: CookieRow[] = await this.dataSource.query(
      `INSERT INTO accounts_invitations.consents (user_id, session_id, kind, necessary, statistics, social, policy_version, source)
       VALUES ($1, $2, 'cookies', true, $3, $4, $5, 'banner')
       RETURNING necessary, statistics, social, policy_version, recorded_at`,
      [
        actor?.id ?? null,
        sessionId || null,
        parseFlag(request.statistics ?? request.statistics_cookies_consent),
        parseFlag(request.social ?? request.social_cookies_consent),
        version,
      ],
    );
    return { message: AccountMessages.consentRecorded, data: cookieDto(row) };
  }

  /** `PATCH /profile/update-newsletter-consent` (opt_in 1 or 0): recorded, and published for notifications. */
  async updateNewsletter(request: UpdateNewsletterConsentRequest): Promise<{ message: string; data: NewsletterConsentDto }> {
    const optIn = parseBinaryFlag(request.opt_in);
    // Withdrawing consent is always possible (a banned account too); subscribing needs the capability.
    const actor = await this.users.requireActor(request.actorId, optIn === false ? 'profile.manage_own' : 'newsletter.subscribe');
    if (optIn === undefined) {
      const errors = new FormErrors();
      errors.add('opt_in', AccountMessages.invalidChoice('opt in'));
      errors.throwIfAny();
    }
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
  async get(request: GetConsentsRequest): Promise<{ data: ConsentsView }> {
    const hasActor = request.actorId !== undefined && request.actorId !== null && request.actorId !== '';
    const actor = hasActor ? await this.users.requireActor(request.actorId) : null;
    const sessionId = typeof request.sessionId === 'string' && request.sessionId ? request.sessionId : null;
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
