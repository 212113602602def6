import {
  InvitationSentEvent,
  KycDecidedEvent,
  UserEmailVerificationRequestedEvent,
  UserPasswordChangedEvent,
  UserPasswordResetRequestedEvent,
  UserRegisteredEvent,
} from '@aero/contracts';
import { EventConsumers } from '@aero/backend-runtime';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EmailsService } from '../emails/emails.service.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';
import {
  AccountEmailPurpose,
  invitationEmail,
  kycDecisionEmail,
  passwordChangedEmail,
  passwordResetEmail,
  verificationEmail,
} from './account-email.templates.js';

/** The durable consumer of each account e-mail, one per purpose, shared by every replica. */
export const ACCOUNT_EMAIL_CONSUMERS = {
  [AccountEmailPurpose.RegistrationVerification]: 'notifications.registration-verification',
  [AccountEmailPurpose.EmailVerification]: 'notifications.email-verification',
  [AccountEmailPurpose.PasswordReset]: 'notifications.password-reset',
  [AccountEmailPurpose.PasswordChanged]: 'notifications.password-changed',
  [AccountEmailPurpose.KycDecision]: 'notifications.kyc-decision',
  [AccountEmailPurpose.Invitation]: 'notifications.invitation',
} as const;

/**
 * The e-mails accounts-invitations asks for through its events: verification links, password
 * reset links, the password-changed notice, KYC decisions and invitations to a Student List. Each handler only records the
 * e-mail (key `<purpose>:<eventId>`) and enqueues its send inside the inbox transaction; the
 * e-mail worker sends it, once.
 */
@Injectable()
export class AccountEmailsHandlers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly emails: EmailsService,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      consumer: ACCOUNT_EMAIL_CONSUMERS[AccountEmailPurpose.RegistrationVerification],
      event: UserRegisteredEvent,
      handle: async (event, manager) => {
        // An address already proven (registration from an invitation) needs no verification.
        if (!event.data.verificationUrl) return;
        const email = verificationEmail(AccountEmailPurpose.RegistrationVerification, event.id, {
          email: event.data.email,
          name: event.data.name,
          verificationUrl: event.data.verificationUrl,
          expiresAt: event.data.verificationExpiresAt,
        });
        await this.emails.schedule(manager, { ...email, eventId: event.id });
      },
    });
    this.consumers.register({
      consumer: ACCOUNT_EMAIL_CONSUMERS[AccountEmailPurpose.EmailVerification],
      event: UserEmailVerificationRequestedEvent,
      handle: (event, manager) =>
        this.emails.schedule(manager, {
          ...verificationEmail(AccountEmailPurpose.EmailVerification, event.id, event.data),
          eventId: event.id,
        }),
    });
    this.consumers.register({
      consumer: ACCOUNT_EMAIL_CONSUMERS[AccountEmailPurpose.PasswordReset],
      event: UserPasswordResetRequestedEvent,
      handle: (event, manager) => this.emails.schedule(manager, { ...passwordResetEmail(event.id, event.data), eventId: event.id }),
    });
    this.consumers.register({
      consumer: ACCOUNT_EMAIL_CONSUMERS[AccountEmailPurpose.PasswordChanged],
      event: UserPasswordChangedEvent,
      handle: (event, manager) => this.emails.schedule(manager, { ...passwordChangedEmail(event.id, event.data, this.config.PUBLIC_BASE_URL), eventId: event.id }),
    });
    this.consumers.register({
      consumer: ACCOUNT_EMAIL_CONSUMERS[AccountEmailPurpose.KycDecision],
      event: KycDecidedEvent,
      handle: (event, manager) => this.emails.schedule(manager, { ...kycDecisionEmail(event.id, event.data), eventId: event.id }),
    });
    this.consumers.register({
      consumer: ACCOUNT_EMAIL_CONSUMERS[AccountEmailPurpose.Invitation],
      event: InvitationSentEvent,
      handle: (event, manager) => this.emails.schedule(manager, { ...invitationEmail(event.id, event.data), eventId: event.id }),
    });
  }
}
