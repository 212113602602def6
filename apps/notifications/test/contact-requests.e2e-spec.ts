import { CAPTCHA_TEST_TOKEN, ContactMessages, ContactRpc, type ErrorPayload, type SubmitContactRequest } from '@aero/contracts';
import { RemoteError } from '@aero/backend-errors';
import { jobIdFor } from '@aero/backend-jobs';
import type { RunningService } from '@aero/backend-runtime';
import { waitFor, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { contactRequestEmailKey } from '../src/contact-requests/contact-request.template.js';
import { ContactRequestEntity } from '../src/contact-requests/contact-request.entity.js';
import { EmailSendQueue } from '../src/emails/email-send.queue.js';
import { EmailsService } from '../src/emails/emails.service.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { startNotifications, stopNotifications } from './support/notifications-under-test.js';

const SALES = 'sales-team@example.com';

/** What the web form sends for a business that filled in everything. */
function businessForm(overrides: SubmitContactRequest = {}): SubmitContactRequest {
  return {
    is_private_person: 'No',
    name: 'Erik Larsen',
    email: `erik.${randomUUID().slice(0, 8)}@nordic-mro.example`,
    company: 'Nordic MRO AS',
    phone: '+47 22 00 00 00',
    country: 'NO',
    courses_request: 'Part-66 B1 modules 1-10 for a group of mechanics.\nOn site in Oslo if possible.',
    starting_date: '2027-03-01',
    group_size: '12',
    g_recaptcha_token: CAPTCHA_TEST_TOKEN,
    ...overrides,
  };
}

describe('notifications: classroom-training contact requests', () => {
  jest.setTimeout(30_000);
  let env: TestEnvironment;
  let smtp: SmtpCatcher;
  let service: RunningService;

  const submit = (request: SubmitContactRequest) => service.infra.rpc.call(ContactRpc.Submit, request);
  const stored = () => service.infra.dataSource.getRepository(ContactRequestEntity);

  /** The error payload of a refused submission. */
  async function refusal(request: SubmitContactRequest): Promise<ErrorPayload> {
    const error = await submit(request).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RemoteError);
    return (error as RemoteError).payload;
  }

  /** The field errors of a refused submission, after checking the form's 422 message. */
  async function fieldErrors(request: SubmitContactRequest): Promise<Record<string, string[]>> {
    const payload = await refusal(request);
    expect(payload.status).toBe(422);
    expect(payload.message).toBe('Some fields contain errors. Please correct them and try again.');
    return payload.errors ?? {};
  }

  beforeAll(async () => {
    ({ env, smtp, service } = await startNotifications({
      EMAIL_RETRY_DELAY_MS: '100',
      SALES_EMAIL: SALES,
    }));
  });

  afterAll(async () => {
    await stopNotifications({ service, smtp, env });
  });

  it('stores an accepted request and e-mails it to the sales address once', async () => {
    const form = businessForm();
    const answer = await submit({ ...form, remoteIp: '203.0.113.7' });
    expect(answer).toEqual({ message: "Thanks for contacting us! We've received your request and will respond as soon as possible." });

    const rows = await stored().findBy({ email: form.email as string });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(
      expect.objectContaining({
        isPrivatePerson: false,
        name: 'Erik Larsen',
        company: 'Nordic MRO AS',
        phone: '+47 22 00 00 00',
        country: 'NO',
        coursesRequest: form.courses_request,
        startingDate: '2027-03-01',
        groupSize: 12,
        userId: null,
      }),
    );

    const key = contactRequestEmailKey(rows[0].id);
    await waitFor(async () => (await service.app.get(EmailsService, { strict: false }).find(key))?.status === 'sent', {
      what: 'the sales e-mail to be sent',
    });
    const mails = smtp.messages.filter((m) => m.text.includes(form.email as string));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.envelopeTo).toEqual([SALES]);
    expect(mail.headers.subject).toBe('Classroom training request from Erik Larsen (Nordic MRO AS)');
    expect(mail.text).toContain('Customer: Business');
    expect(mail.text).toContain(`Email: ${form.email as string}`);
    expect(mail.text).toContain('Company: Nordic MRO AS');
    expect(mail.text).toContain('Country: Norway (NO)');
    expect(mail.text).toContain('Preferred starting date: 2027-03-01');
    expect(mail.text).toContain('Group size: 12');
    expect(mail.text).toContain('Courses of interest:\nPart-66 B1 modules 1-10 for a group of mechanics.\nOn site in Oslo if possible.');
    expect(mail.html).toContain('Nordic MRO AS');

    // The job of that e-mail run again: nothing more is sent.
    const queue = service.app.get(EmailSendQueue, { strict: false }).queue;
    const job = (await queue.getJob(jobIdFor(key)))!;
    await waitFor(async () => (await job.getState()) === 'completed', { what: 'the job to complete' });
    await job.remove();
    await service.app.get(EmailSendQueue, { strict: false }).enqueue(job.data);
    await waitFor(async () => (await (await queue.getJob(jobIdFor(key)))?.getState()) === 'completed', { what: 'the rerun' });
    expect(smtp.messages.filter((m) => m.text.includes(form.email as string))).toHaveLength(1);
  });

  it('accepts a private person with only the required fields, without keeping a company', async () => {
    const email = `anna.${randomUUID().slice(0, 8)}@example.com`;
    await submit({
      is_private_person: 'Yes',
      name: 'Anna Schmidt',
      email,
      company: 'ignored for a private person',
      country: 'de',
      courses_request: 'Part-147 basic training',
      g_recaptcha_token: CAPTCHA_TEST_TOKEN,
      phone: '',
      starting_date: '',
      group_size: '',
    });
    const [row] = await stored().findBy({ email });
    expect(row).toEqual(
      expect.objectContaining({ isPrivatePerson: true, company: null, phone: null, country: 'DE', startingDate: null, groupSize: null }),
    );
    await waitFor(() => smtp.messages.find((m) => m.text.includes(email)), { what: 'the sales e-mail' });
    const mail = smtp.messages.find((m) => m.text.includes(email))!;
    expect(mail.headers.subject).toBe('Classroom training request from Anna Schmidt');
    expect(mail.text).toContain('Customer: Private person');
    expect(mail.text).not.toContain('Company:');
  });

  it('requires the private/business choice, name, email, country and courses, and a captcha, each under its field', async () => {
    const errors = await fieldErrors({});
    expect(errors).toEqual({
      is_private_person: ['The private or business choice is required.'],
      name: ['The name is required.'],
      email: ['The email is required.'],
      country: ['The country is required.'],
      courses_request: ['The courses of interest is required.'],
      g_recaptcha_token: ['Please verify that you are not a robot.'],
    });
  });

  it('requires the company for a business only', async () => {
    expect(await fieldErrors(businessForm({ company: '  ' }))).toEqual({ company: ['The company is required.'] });
    await expect(submit(businessForm({ is_private_person: 'Yes', company: '' }))).resolves.toEqual({ message: ContactMessages.thanks });
  });

  it('refuses a private/business choice other than Yes or No', async () => {
    expect(await fieldErrors(businessForm({ is_private_person: 'Maybe' }))).toEqual({
      is_private_person: ['The selected private or business choice is invalid.'],
    });
  });

  it('limits text inputs to 400 characters and the courses request to 2000', async () => {
    const long = 'x'.repeat(401);
    expect(await fieldErrors(businessForm({ name: long, company: long, phone: long, email: `${'a'.repeat(390)}@example.com` }))).toEqual({
      name: ['The name must have up to 400 characters.'],
      email: ['The email must have up to 400 characters.'],
      company: ['The company must have up to 400 characters.'],
      phone: ['The phone must have up to 400 characters.'],
    });
    expect(await fieldErrors(businessForm({ courses_request: 'y'.repeat(2001) }))).toEqual({
      courses_request: ['The courses of interest must have up to 2000 characters.'],
    });
    // Exactly at the limits is fine.
    await expect(submit(businessForm({ name: 'n'.repeat(400), courses_request: 'c'.repeat(2000) }))).resolves.toEqual({
      message: ContactMessages.thanks,
    });
  });

  it('refuses a bad e-mail address and text that is not text', async () => {
    expect(await fieldErrors(businessForm({ email: 'not-an-email' }))).toEqual({ email: ['The email must be a valid email address.'] });
    expect(await fieldErrors(businessForm({ name: { first: 'Erik' } as unknown as string }))).toEqual({ name: ['The name must be text.'] });
    expect(await fieldErrors(businessForm({ name: 'Erik\r\nBcc: x@example.com' }))).toEqual({ name: ['The name has an invalid format.'] });
  });

  it('refuses an unknown country', async () => {
    expect(await fieldErrors(businessForm({ country: 'XX' }))).toEqual({ country: ['The selected country is invalid.'] });
    expect(await fieldErrors(businessForm({ country: 'Norway' }))).toEqual({ country: ['The selected country is invalid.'] });
  });

  it('takes a starting date as YYYY-MM-DD between 2025-04-10 and 2030-12-31', async () => {
    const format = ['The preferred starting date must be a valid date in the format YYYY-MM-DD.'];
    const range = ['The preferred starting date must be between 2025-04-10 and 2030-12-31.'];
    expect(await fieldErrors(businessForm({ starting_date: '01/03/2027' }))).toEqual({ starting_date: format });
    expect(await fieldErrors(businessForm({ starting_date: '2027-02-30' }))).toEqual({ starting_date: format });
    expect(await fieldErrors(businessForm({ starting_date: '2025-04-09' }))).toEqual({ starting_date: range });
    expect(await fieldErrors(businessForm({ starting_date: '2031-01-01' }))).toEqual({ starting_date: range });
    await expect(submit(businessForm({ starting_date: '2025-04-10' }))).resolves.toEqual({ message: ContactMessages.thanks });
    await expect(submit(businessForm({ starting_date: '2030-12-31' }))).resolves.toEqual({ message: ContactMessages.thanks });
  });

  it('takes a group size that is a whole number of at least 1', async () => {
    const message = ['The group size must be a whole number of at least 1.'];
    expect(await fieldErrors(businessForm({ group_size: '0' }))).toEqual({ group_size: message });
    expect(await fieldErrors(businessForm({ group_size: '2.5' }))).toEqual({ group_size: message });
    expect(await fieldErrors(businessForm({ group_size: -3 }))).toEqual({ group_size: message });
    expect(await fieldErrors(businessForm({ group_size: 'ten' }))).toEqual({ group_size: message });
    expect(await fieldErrors(businessForm({ group_size: '1000001' }))).toEqual({ group_size: ['The group size may not be greater than 100000.'] });
    await expect(submit(businessForm({ group_size: 1 }))).resolves.toEqual({ message: ContactMessages.thanks });
  });

  it('answers a wrong or missing captcha token with a 422 under g_recaptcha_token, and stores nothing', async () => {
    const email = `robot.${randomUUID().slice(0, 8)}@example.com`;
    const robot = ['Please verify that you are not a robot.'];
    expect(await fieldErrors(businessForm({ email, g_recaptcha_token: 'wrong-token' }))).toEqual({ g_recaptcha_token: robot });
    expect(await fieldErrors(businessForm({ email, g_recaptcha_token: '' }))).toEqual({ g_recaptcha_token: robot });
    expect(await fieldErrors(businessForm({ email, g_recaptcha_token: undefined }))).toEqual({ g_recaptcha_token: robot });
    // With other errors too, the missing token is reported next to them.
    expect(await fieldErrors(businessForm({ email, name: '', g_recaptcha_token: undefined }))).toEqual({
      name: ['The name is required.'],
      g_recaptcha_token: robot,
    });
    expect(await stored().countBy({ email })).toBe(0);
    expect(smtp.messages.filter((m) => m.text.includes(email))).toHaveLength(0);
  });
});

describe('notifications: the reCAPTCHA verifier behind the contact form', () => {
  jest.setTimeout(30_000);
  let env: TestEnvironment;
  let smtp: SmtpCatcher;
  let service: RunningService;
  let siteverify: Server;
  const calls: URLSearchParams[] = [];
  /** The fake's answer to the next calls: a siteverify JSON body, or an HTTP failure. */
  let answer: { status: number; body: unknown } = { status: 200, body: { success: true } };

  beforeAll(async () => {
    siteverify = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        calls.push(new URLSearchParams(body));
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    const port = (siteverify.address() as { port: number }).port;

    ({ env, smtp, service } = await startNotifications({
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SECRET: 'server-secret',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
      RECAPTCHA_TIMEOUT_MS: '1000',
    }));
  });

  afterAll(async () => {
    await stopNotifications({ service, smtp, env });
    await new Promise((resolve) => siteverify?.close(resolve));
  });

  const submit = (request: SubmitContactRequest) => service.infra.rpc.call(ContactRpc.Submit, request);
  const payloadOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: unknown) => (e as RemoteError).payload,
    );

  it('posts the secret, the token and the client address to siteverify, and accepts what it confirms', async () => {
    answer = { status: 200, body: { success: true, hostname: 'localhost' } };
    calls.length = 0;
    await expect(submit({ ...businessForm({ g_recaptcha_token: 'real-widget-token' }), remoteIp: '198.51.100.4' })).resolves.toEqual({
      message: ContactMessages.thanks,
    });
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0])).toEqual({ secret: 'server-secret', response: 'real-widget-token', remoteip: '198.51.100.4' });
  });

  it('answers 422 under g_recaptcha_token when siteverify refuses the token, even the test token', async () => {
    answer = { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } };
    calls.length = 0;
    const payload = await payloadOf(submit(businessForm({ g_recaptcha_token: CAPTCHA_TEST_TOKEN })));
    expect(payload).toEqual(
      expect.objectContaining({ status: 422, errors: { g_recaptcha_token: ['Please verify that you are not a robot.'] } }),
    );
    expect(calls).toHaveLength(1);
  });

  it('does not ask siteverify while other fields are wrong (a token is good for one check)', async () => {
    calls.length = 0;
    const payload = await payloadOf(submit(businessForm({ name: '', g_recaptcha_token: 'real-widget-token' })));
    expect(payload).toEqual(expect.objectContaining({ status: 422, errors: { name: ['The name is required.'] } }));
    expect(calls).toHaveLength(0);
  });

  it('answers 503 when siteverify fails or rejects our secret, and stores nothing', async () => {
    const email = `unverified.${randomUUID().slice(0, 8)}@example.com`;
    answer = { status: 500, body: {} };
    expect(await payloadOf(submit(businessForm({ email, g_recaptcha_token: 'real-widget-token' })))).toEqual(
      expect.objectContaining({ status: 503, message: ContactMessages.captchaUnavailable }),
    );
    answer = { status: 200, body: { success: false, 'error-codes': ['invalid-input-secret'] } };
    expect(await payloadOf(submit(businessForm({ email, g_recaptcha_token: 'real-widget-token' })))).toEqual(
      expect.objectContaining({ status: 503 }),
    );
    expect(await service.infra.dataSource.getRepository(ContactRequestEntity).countBy({ email })).toBe(0);
  });
});
