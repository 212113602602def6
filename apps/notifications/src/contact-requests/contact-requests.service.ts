import { ContactMessages, NotificationsErrorCode } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { RequestContext } from '@aero/backend-observability';
import { ServiceInfra } from '@aero/backend-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { CaptchaUnavailableError, CaptchaVerifier } from '../captcha/captcha-verifier.js';
import { EmailsService } from '../emails/emails.service.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';
import { contactRequestEmail } from './contact-request.template.js';
import { validContactRequest, type ContactSubmit } from './contact-request.rules.js';

const uuid = z.string().uuid();

function invalid(errors: Record<string, string[]>): DomainError {
  return new DomainError(NotificationsErrorCode.Validation, ContactMessages.formInvalid, 422, errors);
}

/**
 * The classroom-training contact form (spec: shop §2, §4, §5): checks the fields and the
 * captcha, stores the request and e-mails it to the sales address once.
 */
@Injectable()
export class ContactRequestsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly emails: EmailsService,
    private readonly captcha: CaptchaVerifier,
    private readonly infra: ServiceInfra,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  /**
   * A form that passed every field rule (`contactSubmitSchema`, a token present among them): the
   * captcha token is checked with the provider only then, since a reCAPTCHA token is good for one
   * verification and the form keeps its token after an error. The request is the session user's
   * when someone is signed in (the form is public).
   */
  async submit(ctx: RequestContext, form: ContactSubmit): Promise<{ message: string }> {
    const token = form.g_recaptcha_token.trim();
    let verdict;
    try {
      verdict = await this.captcha.verify(token, form.remoteIp ?? null);
    } catch (error) {
      if (!(error instanceof CaptchaUnavailableError)) throw error;
      this.infra.logger.warn({ err: error }, 'captcha verification unavailable');
      throw new DomainError(NotificationsErrorCode.CaptchaUnavailable, ContactMessages.captchaUnavailable, 503);
    }
    if (!verdict.ok) throw invalid({ g_recaptcha_token: [ContactMessages.captcha] });

    const value = validContactRequest(form);
    const id = randomUUID();
    const userId = uuid.safeParse(ctx.actor?.userId ?? ctx.session?.userId);
    const receivedAt = new Date();
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO notifications.contact_requests
           (id, is_private_person, name, email, company, phone, country, courses_request, starting_date, group_size, user_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          id,
          value.isPrivatePerson,
          value.name,
          value.email,
          value.company,
          value.phone,
          value.country,
          value.coursesRequest,
          value.startingDate,
          value.groupSize,
          userId.success ? userId.data : null,
          receivedAt,
        ],
      );
      await this.emails.schedule(manager, contactRequestEmail(id, value, receivedAt, this.config.SALES_EMAIL));
    });
    this.infra.logger.info({ contactRequestId: id }, 'contact request received');
    return { message: ContactMessages.thanks };
  }
}
