import {
  KycDecidedEvent,
  UserEmailVerificationRequestedEvent,
  UserPasswordChangedEvent,
  UserPasswordResetRequestedEvent,
  UserRegisteredEvent,
  type EventDefinition,
  type KycDecided,
  type UserEmailVerificationRequested,
  type UserPasswordChanged,
  type UserPasswordResetRequested,
  type UserRegistered,
} from '@aero/contracts';
import type { RunningService } from '@aero/backend-runtime';
import { envelopeOf, waitFor, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ACCOUNT_EMAIL_CONSUMERS } from '../src/account-emails/account-emails.event-handlers.js';
import { accountEmailKey, AccountEmailPurpose } from '../src/account-emails/account-email.templates.js';
import { messageIdFor } from '../src/emails/email-message-id.js';
import { EmailsService } from '../src/emails/emails.service.js';
import { SmtpCatcher, type CaughtMail } from './support/smtp-catcher.js';
import { emailQueueIdle, publishTwice, startNotifications, stopNotifications } from './support/notifications-under-test.js';

describe('notifications: account e-mails from the accounts events', () => {
  jest.setTimeout(30_000);
  let env: TestEnvironment;
  let smtp: SmtpCatcher;
  let service: RunningService;
  let counter = 0;

  const emails = () => service.app.get(EmailsService, { strict: false });
  const nextAddress = () => `user${++counter}-${randomUUID().slice(0, 8)}@example.com`;

  const queueIdle = () => emailQueueIdle(service);

  /**
   * Publishes the event twice (the second time under another message id, as after a republish
   * beyond the duplicate window), waits until the consumer took both and the queue is idle.
   */
  async function deliverTwice<T>(event: EventDefinition<T>, consumer: string, data: T): Promise<string> {
    const envelope = envelopeOf(event, data);
    await publishTwice({ service, env }, event, envelope, consumer);
    await queueIdle();
    return envelope.id;
  }

  async function sentRow(key: string) {
    return waitFor(
      async () => {
        const row = await emails().find(key);
        return row?.status === 'sent' ? row : undefined;
      },
      { what: `the e-mail ${key} to be sent` },
    );
  }
  /** Delivers the event twice to the consumer of `purpose` and answers the one e-mail it sent, once its row is marked sent. */
  async function theOneMail<T extends { email: string }>(event: EventDefinition<T>, purpose: AccountEmailPurpose, data: T): Promise<CaughtMail> {
    const eventId = await deliverTwice(event, ACCOUNT_EMAIL_CONSUMERS[purpose], data);
    await sentRow(accountEmailKey(purpose, eventId));
    const mails = smtp.to(data.email);
    expect(mails).toHaveLength(1);
    return mails[0];
  }

  /** The fields of an event about a user of its own (a new id and address) named `name`. */
  function aboutNewUser<T extends object>(name: string, fields: T): T & { userId: string; email: string; name: string } {
    return { userId: randomUUID(), email: nextAddress(), name, ...fields };
  }

  function registered(overrides: Partial<UserRegistered> = {}): UserRegistered {
    const userId = randomUUID();
    return {
      userId,
      email: nextAddress(),
      nick: 'jdoe',
      firstName: 'Jane',
      lastName: 'Doe',
      name: 'Jane Doe',
      type: 'student',
      roles: ['student'],
      companyId: null,
      companyName: null,
      emailVerified: false,
      verificationUrl: `http://127.0.0.1:8080/email/verify?token=${userId}.signature`,
      verificationExpiresAt: '2026-11-28T09:00:00.000Z',
      newsletterOptIn: false,
      invitationId: null,
      registeredAt: '2026-11-21T09:00:00.000Z',
      ...overrides,
    };
  }

  beforeAll(async () => {
    ({ env, smtp, service } = await startNotifications({ EMAIL_RETRY_DELAY_MS: '100' }));
  });

  afterAll(async () => {
    await stopNotifications({ service, smtp, env });
  });

  it('sends one verification e-mail with the link after registration, even when user.registered arrives twice', async () => {
    const data = registered();
    const eventId = await deliverTwice(UserRegisteredEvent, ACCOUNT_EMAIL_CONSUMERS['registration-verification'], data);
    const key = accountEmailKey(AccountEmailPurpose.RegistrationVerification, eventId);

    const row = await sentRow(key);
    expect(row).toEqual(expect.objectContaining({ recipient: data.email, eventId, attempts: 1 }));
    const mails = smtp.to(data.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.headers.subject).toBe('Verify your e-mail address - AeroMaint Academy');
    expect(mail.headers.from).toBe('AeroMaint Academy <no-reply@aeromaint.local>');
    expect(mail.headers['message-id']).toBe(messageIdFor(key, 'aeromaint.local'));
    expect(mail.text).toContain('Hello Jane Doe,');
    expect(mail.text).toContain('welcome to AeroMaint Academy!');
    expect(mail.text).toContain(`\n${data.verificationUrl}\n`);
    expect(mail.text).toContain('The link expires on 28 November 2026, 09:00 UTC.');
    expect(mail.html).toContain(`href="${data.verificationUrl}"`);
    expect(mail.html).toContain('AeroMaint Academy');
  });

  it('sends no verification e-mail when the address is already verified (verificationUrl null)', async () => {
    const data = registered({ emailVerified: true, verificationUrl: null, verificationExpiresAt: null, invitationId: randomUUID() });
    const eventId = await deliverTwice(UserRegisteredEvent, ACCOUNT_EMAIL_CONSUMERS['registration-verification'], data);

    expect(await emails().find(accountEmailKey(AccountEmailPurpose.RegistrationVerification, eventId))).toBeNull();
    expect(smtp.to(data.email)).toHaveLength(0);
    const inbox = await service.infra.dataSource.query('SELECT count(*)::int AS n FROM notifications.inbox WHERE event_id = $1', [eventId]);
    expect(inbox[0].n).toBe(1);
  });

  it('sends one new verification link when the user asks for one', async () => {
    const data: UserEmailVerificationRequested = aboutNewUser('Piotr Nowak', {
      verificationUrl: 'http://127.0.0.1:8080/email/verify?token=second-token',
      expiresAt: '2026-11-28T10:30:00.000Z',
      requestedAt: '2026-11-21T10:30:00.000Z',
    });
    const mail = await theOneMail(UserEmailVerificationRequestedEvent, AccountEmailPurpose.EmailVerification, data);
    expect(mail.headers.subject).toBe('Verify your e-mail address - AeroMaint Academy');
    expect(mail.text).toContain('Hello Piotr Nowak,');
    expect(mail.text).toContain('you asked for a new link');
    expect(mail.text).toContain(`\n${data.verificationUrl}\n`);
  });

  it('sends one password reset e-mail with the reset link, valid 60 minutes', async () => {
    const data: UserPasswordResetRequested = aboutNewUser('Jane Doe', {
      resetUrl: 'http://127.0.0.1:8080/password/reset?token=reset-token&email=jane%40example.com',
      expiresAt: '2026-11-21T11:00:00.000Z',
      requestedAt: '2026-11-21T10:00:00.000Z',
    });
    const mail = await theOneMail(UserPasswordResetRequestedEvent, AccountEmailPurpose.PasswordReset, data);
    expect(mail.headers.subject).toBe('Reset your password - AeroMaint Academy');
    expect(mail.text).toContain(`\n${data.resetUrl}\n`);
    expect(mail.text).toContain('This link is valid for 60 minutes');
    expect(mail.html).toContain(`href="${data.resetUrl.replace(/&/g, '&amp;')}"`);
  });

  it('sends one security notice when the password changed', async () => {
    const data: UserPasswordChanged = aboutNewUser('Jane Doe', { reason: 'change' as const, changedAt: '2026-11-21T12:05:00.000Z' });
    const mail = await theOneMail(UserPasswordChangedEvent, AccountEmailPurpose.PasswordChanged, data);
    expect(mail.headers.subject).toBe('Your password was changed - AeroMaint Academy');
    expect(mail.text).toContain('was changed from your profile on 21 November 2026, 12:05 UTC.');
    expect(mail.text).toContain('If it was not, reset your password right away');
  });

  it('tells the outcome of a KYC check: approved, or declined with the reason', async () => {
    const base = {
      subjectType: 'company' as const,
      subjectId: randomUUID(),
      companyId: randomUUID(),
      userId: randomUUID(),
      name: 'Ola Nordmann',
      decidedBy: randomUUID(),
      decidedAt: '2026-11-21T13:00:00.000Z',
    };
    const approved: KycDecided = { ...base, email: nextAddress(), status: 'approved', reason: null };
    const declined: KycDecided = { ...base, email: nextAddress(), status: 'declined', reason: 'The VAT number <does not> match the company.' };
    const approvedId = await deliverTwice(KycDecidedEvent, ACCOUNT_EMAIL_CONSUMERS['kyc-decision'], approved);
    const declinedId = await deliverTwice(KycDecidedEvent, ACCOUNT_EMAIL_CONSUMERS['kyc-decision'], declined);

    await sentRow(accountEmailKey(AccountEmailPurpose.KycDecision, approvedId));
    await sentRow(accountEmailKey(AccountEmailPurpose.KycDecision, declinedId));
    const [yes] = smtp.to(approved.email);
    expect(smtp.to(approved.email)).toHaveLength(1);
    expect(yes.headers.subject).toBe('Your verification was approved - AeroMaint Academy');
    expect(yes.text).toContain('the verification (KYC) of your company account at AeroMaint Academy has been approved.');

    expect(smtp.to(declined.email)).toHaveLength(1);
    const [no] = smtp.to(declined.email);
    expect(no.headers.subject).toBe('Your verification was declined - AeroMaint Academy');
    expect(no.text).toContain('has been declined.');
    expect(no.text).toContain('Reason: The VAT number <does not> match the company.');
    // User text is escaped in the HTML body.
    expect(no.html).toContain('Reason: The VAT number &lt;does not&gt; match the company.');
  });
});
