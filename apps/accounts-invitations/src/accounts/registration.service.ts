import {
  AccountErrorCode,
  AccountMessages,
  COOKIE_POLICY_VERSION,
  CURRENT_TERMS_VERSION,
  PRIVACY_POLICY_VERSION,
  UserNewsletterConsentChangedEvent,
  UserRegisteredEvent,
  textOf,
  type AccountRole,
  type RegisterResponse,
  type registrationRequestSchema,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { OutboxWriter, type ParsedForm } from '@aero/backend-messaging';
import { requireContext, type RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountErrors, isUniqueViolation } from '../common/account-errors.js';
import { AccountTokens } from '../common/account-tokens.js';
import { PasswordHasher } from '../common/password-hasher.js';
import { fullName, UserDirectory } from '../common/user-directory.js';
import { CountriesCatalog } from '../countries/countries-catalog.js';
import { InvitationsService } from '../invitations/invitations.service.js';
import { checkedRegistration, isCorporate, type CheckedRegistration } from './registration-rules.js';

/**
 * Registration (spec: shop §2 "Registration and terms", §3 form, §4, §5). One transaction writes
 * the user, roles, company, terms acceptance, consents, verification token and the outbox
 * events, so the e-mail goes out exactly when the account exists.
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccountTokens,
    private readonly users: UserDirectory,
    private readonly countries: CountriesCatalog,
    private readonly invitations: InvitationsService,
  ) {}

  /**
   * The form's rules (the contracts' schema) and the service's (an invitation still pending, a
   * company country that exists, an address and a nick not taken), every problem at once. The
   * visitor's session (the context's) records the cookie consents given in the form.
   */
  async register(ctx: RequestContext, form: ParsedForm<typeof registrationRequestSchema>): Promise<RegisterResponse> {
    const token = form.sent.invitation_token;
    const byInvitation = token !== undefined && token !== null && token !== '';
    const invitation = byInvitation ? await this.invitations.findPending(token) : null;
    if (byInvitation && !invitation) {
      throw new DomainError(AccountErrorCode.InvitationInvalid, AccountMessages.invitationInvalid, 422, {
        invitation_token: [AccountMessages.invitationInvalid],
      });
    }
    const country = textOf(form.sent.company_country);
    if (!invitation && isCorporate(form.sent) && country && !form.has('company_country') && !this.countries.isCountry(country)) {
      form.add('company_country', AccountMessages.invalidChoice('company country'));
    }
    await this.addUniquenessErrors(form, invitation?.email ?? textOf(form.sent.email) ?? '', textOf(form.sent.nick) ?? '');
    const value = checkedRegistration(form.parsed(), invitation?.email ?? null);

    const passwordHash = await this.hasher.hash(value.password);
    let userId: string;
    try {
      userId = await this.dataSource.transaction((manager) =>
        this.create(manager, value, passwordHash, invitation, ctx.session?.id ?? null),
      );
    } catch (error) {
      // Two registrations raced past the checks above: the unique indexes decide.
      if (isUniqueViolation(error, 'users_email_uq')) {
        throw AccountErrors.field('email', AccountMessages.emailTaken, AccountErrorCode.EmailTaken);
      }
      if (isUniqueViolation(error, 'users_nick_uq')) throw AccountErrors.field('nick', AccountMessages.nickTaken);
      throw error;
    }
    return {
      message: invitation ? AccountMessages.registeredByInvitation : AccountMessages.registered,
      data: await this.users.dto(userId),
      redirect: value.redirect,
    };
  }

  private async addUniquenessErrors(form: ParsedForm<typeof registrationRequestSchema>, email: string, nick: string): Promise<void> {
    if (!email && !nick) return;
    const [taken]: { email: boolean; nick: boolean }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM accounts_invitations.users WHERE lower(email) = lower($1)) AS email,
              EXISTS (SELECT 1 FROM accounts_invitations.users WHERE lower(nick) = lower($2)) AS nick`,
      [email, nick],
    );
    if (taken.email && email && !form.has('email')) form.add('email', AccountMessages.emailTaken);
    if (taken.nick && nick && !form.has('nick')) form.add('nick', AccountMessages.nickTaken);
  }

  private async create(
    manager: EntityManager,
    value: CheckedRegistration,
    passwordHash: string,
    invitation: Awaited<ReturnType<InvitationsService['findPending']>>,
    sessionId: string | null,
  ): Promise<string> {
    // Invited people join the inviting company as employees; their address is proven by the
    // invitation e-mail. Individual students are subject to KYC; a company is checked as a whole.
    const roles: AccountRole[] = invitation ? ['student', 'employee'] : value.company ? ['company'] : ['student'];
    const [user]: { id: string; created_at: Date }[] = await manager.query(
      `INSERT INTO accounts_invitations.users
         (email, nick, first_name, last_name, password_hash, type, company_id, email_verified_at,
          terms_version, terms_accepted_at, newsletter_opt_in, kyc_status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), $10, $11)
       RETURNING id, created_at`,
      [
        value.email,
        value.nick,
        value.first_name,
        value.last_name,
        passwordHash,
        value.type,
        invitation?.company_id ?? null,
        invitation ? new Date() : null,
        CURRENT_TERMS_VERSION,
        value.newsletters,
        invitation || value.company ? null : 'not_confirmed',
      ],
    );
    const userId = user.id;
    await manager.query(
      `INSERT INTO accounts_invitations.user_roles (user_id, role) SELECT $1, unnest($2::text[])`,
      [userId, roles],
    );
    await manager.query(`INSERT INTO accounts_invitations.terms_acceptances (user_id, version) VALUES ($1, $2)`, [
      userId,
      CURRENT_TERMS_VERSION,
    ]);

    let companyId: string | null = invitation?.company_id ?? null;
    let companyName: string | null = invitation?.company_name ?? null;
    if (value.company) {
      const c = value.company;
      const [company]: { id: string }[] = await manager.query(
        `INSERT INTO accounts_invitations.companies (name, code, vat_number, country, city, address, zip, owner_user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [c.name, c.code, c.vat_number, c.country, c.city, c.address, c.zip, userId],
      );
      companyId = company.id;
      companyName = c.name;
      await manager.query(`UPDATE accounts_invitations.users SET company_id = $2 WHERE id = $1`, [userId, companyId]);
    }
    const invitee = { id: userId, email: value.email, first_name: value.first_name, last_name: value.last_name, company_id: invitation?.company_id ?? null };
    if (invitation && !(await this.invitations.accept({ ...requireContext(), tx: manager }, invitation, invitee, 'registration'))) {
      throw AccountErrors.field('invitation_token', AccountMessages.invitationInvalid, AccountErrorCode.InvitationInvalid);
    }

    if (value.cookies) {
      await manager.query(
        `INSERT INTO accounts_invitations.consents (user_id, session_id, kind, necessary, statistics, social, policy_version, source)
         VALUES ($1, $2, 'cookies', $3, $4, $5, $6, 'registration')`,
        [userId, sessionId, value.cookies.necessary, value.cookies.statistics, value.cookies.social, COOKIE_POLICY_VERSION],
      );
    }
    const now = new Date().toISOString();
    const name = fullName(value);
    if (value.newsletters) {
      await manager.query(
        `INSERT INTO accounts_invitations.consents (user_id, session_id, kind, opt_in, policy_version, source)
         VALUES ($1, $2, 'newsletter', true, $3, 'registration')`,
        [userId, sessionId, PRIVACY_POLICY_VERSION],
      );
    }

    const link = invitation ? null : await this.tokens.issueLink(manager, { id: userId, email: value.email }, 'verify_email', value.redirect);
    await this.outbox.add(manager, UserRegisteredEvent, {
      userId,
      email: value.email,
      nick: value.nick,
      firstName: value.first_name,
      lastName: value.last_name,
      name,
      type: value.type,
      roles,
      companyId,
      companyName,
      emailVerified: invitation !== null,
      verificationUrl: link?.url ?? null,
      verificationExpiresAt: link?.expiresAt.toISOString() ?? null,
      newsletterOptIn: value.newsletters,
      invitationId: invitation?.id ?? null,
      registeredAt: user.created_at.toISOString(),
    });
    if (value.newsletters) {
      await this.outbox.add(manager, UserNewsletterConsentChangedEvent, {
        userId,
        email: value.email,
        name,
        optIn: true,
        policyVersion: PRIVACY_POLICY_VERSION,
        source: 'registration',
        changedAt: now,
      });
    }
    return userId;
  }
}
