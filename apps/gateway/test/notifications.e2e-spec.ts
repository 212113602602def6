import { CAPTCHA_TEST_TOKEN, DEMO_ACCOUNTS, type AccountUserDto, type AnnouncementDto } from '@aero/contracts';
import { DEMO_PASSWORD, waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { RunningGateway } from '../src/gateway.bootstrap.js';
import { Browser } from './support/browser.js';
import { startMailPlatform, type MailCatcher, type MailPlatform } from './support/mail-catcher.js';

const SALES = 'sales-desk@example.com';
const FORM_INVALID = 'Some fields contain errors. Please correct them and try again.';
const THANKS = "Thanks for contacting us! We've received your request and will respond as soon as possible.";

describe('gateway: newsletters, announcements and the contact form (shop §2, §4, §5, §7)', () => {
  jest.setTimeout(60_000);
  let platform: MailPlatform;
  let smtp: MailCatcher;
  let gateway: RunningGateway;
  let url: string;

  beforeAll(async () => {
    platform = await startMailPlatform({ notificationsEnv: { SALES_EMAIL: SALES, CAPTCHA_PROVIDER: 'test' } });
    ({ smtp, gateway, url } = platform);
  });

  afterAll(async () => {
    await platform?.stop();
  });

  const json = async <T>(res: Response) => (await res.json()) as T;

  /** A visitor who has loaded a page: session and XSRF cookies set. */
  async function visitor(): Promise<Browser> {
    const browser = new Browser(url);
    await browser.get('/api/announcements/current');
    return browser;
  }

  /** A visitor who signed in with a seeded demo account. */
  async function signedIn(email: string): Promise<Browser> {
    const browser = await visitor();
    const res = await browser.request('POST', '/login', { body: { email, password: DEMO_PASSWORD }, csrf: true });
    expect(res.status).toBe(200);
    return browser;
  }

  describe('announcements', () => {
    it('answers the current announcement to everyone (the seeded one first)', async () => {
      const res = await fetch(`${url}/api/announcements/current`);
      expect(res.status).toBe(200);
      const { data } = await json<{ data: AnnouncementDto | null }>(res);
      expect(data).toEqual({ uuid: expect.any(String), message: expect.any(String), class: 'info' });
    });

    it('lets an administrator publish; the new one becomes current', async () => {
      const admin = await signedIn(DEMO_ACCOUNTS.administrator.email);
      const res = await admin.request('POST', '/api/admin/announcements', {
        body: { message: 'Scheduled maintenance on Sunday 02:00-04:00 UTC.', class: 'warning' },
        csrf: true,
      });
      expect(res.status).toBe(200);
      const { data } = await json<{ data: AnnouncementDto }>(res);
      expect(data).toEqual({ uuid: expect.any(String), message: 'Scheduled maintenance on Sunday 02:00-04:00 UTC.', class: 'warning' });
      expect(await json(await fetch(`${url}/api/announcements/current`))).toEqual({ data });
    });

    it('answers 422 per field for a bad announcement, and for unknown fields', async () => {
      const admin = await signedIn(DEMO_ACCOUNTS.administrator.email);
      let res = await admin.request('POST', '/api/admin/announcements', { body: { message: '', class: 'purple' }, csrf: true });
      expect(res.status).toBe(422);
      expect((await json<{ errors: Record<string, string[]> }>(res)).errors).toEqual({
        message: ['The message is required.'],
        class: ['The class must be one of info, success, warning, danger.'],
      });
      res = await admin.request('POST', '/api/admin/announcements', { body: { message: 'Hi', class: 'info', pinned: true }, csrf: true });
      expect(res.status).toBe(422);
      expect((await json<{ errors: Record<string, string[]> }>(res)).errors).toHaveProperty('pinned');
    });

    it('refuses visitors (401), other roles (403) and requests without the CSRF token (419)', async () => {
      const body = { message: 'Hijacked banner', class: 'danger' };
      const before = await json(await fetch(`${url}/api/announcements/current`));

      const anonymous = await visitor();
      let res = await anonymous.request('POST', '/api/admin/announcements', { body, csrf: true });
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({ message: 'Please sign in to continue.' });

      for (const account of [DEMO_ACCOUNTS.student, DEMO_ACCOUNTS.companyAdmin, DEMO_ACCOUNTS.kyc, DEMO_ACCOUNTS.instructor]) {
        const user = await signedIn(account.email);
        res = await user.request('POST', '/api/admin/announcements', { body, csrf: true });
        expect([account.email, res.status]).toEqual([account.email, 403]);
      }

      const admin = await signedIn(DEMO_ACCOUNTS.administrator.email);
      res = await admin.request('POST', '/api/admin/announcements', { body });
      expect(res.status).toBe(419);

      expect(await json(await fetch(`${url}/api/announcements/current`))).toEqual(before);
    });
  });

  describe('newsletters and the subscription bonus popup', () => {
    it('never shows the popup to visitors, and asks them to sign in to subscribe or mark it seen', async () => {
      const anonymous = await visitor();
      expect(await json(await anonymous.get('/api/newsletters/bonus-popup'))).toEqual({ show: false });
      for (const path of ['/newsletters/subscribe', '/newsletters/mark-subscription-bonus-popup-as-seen']) {
        const res = await anonymous.request('POST', path, { csrf: true });
        expect(res.status).toBe(401);
        expect(await json(res)).toEqual({ message: 'Please sign in to continue.' });
      }
    });

    it('shows the popup to a signed-in user until it is marked as seen', async () => {
      const student = await signedIn(DEMO_ACCOUNTS.student.email);
      expect(await json(await student.get('/api/newsletters/bonus-popup'))).toEqual({ show: true });

      expect((await student.request('POST', '/newsletters/mark-subscription-bonus-popup-as-seen')).status).toBe(419);
      const res = await student.request('POST', '/newsletters/mark-subscription-bonus-popup-as-seen', { csrf: true });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ message: 'The subscription bonus popup will not be shown again.' });
      expect(await json(await student.get('/api/newsletters/bonus-popup'))).toEqual({ show: false });
    });

    it('subscribes the signed-in user: consent recorded, popup gone, subscribing twice is fine', async () => {
      const instructor = await signedIn(DEMO_ACCOUNTS.instructor.email);
      expect(await json(await instructor.get('/api/newsletters/bonus-popup'))).toEqual({ show: true });

      expect((await instructor.request('POST', '/newsletters/subscribe')).status).toBe(419);
      for (let i = 0; i < 2; i++) {
        const res = await instructor.request('POST', '/newsletters/subscribe', { csrf: true });
        expect(res.status).toBe(200);
        expect(await json(res)).toEqual({ message: 'You are subscribed to our newsletter.' });
      }
      expect(await json(await instructor.get('/api/newsletters/bonus-popup'))).toEqual({ show: false });
      const me = await json<{ data: AccountUserDto }>(await instructor.get('/api/me'));
      expect(me.data.newsletter_opt_in).toBe(true);
    });

    it('keeps the subscription in step with the newsletter consent of the profile', async () => {
      const company = await signedIn(DEMO_ACCOUNTS.companyAdmin.email);
      let res = await company.request('PATCH', '/profile/update-newsletter-consent', { body: { opt_in: 1 }, csrf: true });
      expect(res.status).toBe(200);
      // The consent travels as an event from accounts-invitations to notifications.
      await waitFor(async () => (await json<{ show: boolean }>(await company.get('/api/newsletters/bonus-popup'))).show === false, {
        what: 'the popup to be hidden for a subscriber',
      });

      res = await company.request('PATCH', '/profile/update-newsletter-consent', { body: { opt_in: 0 }, csrf: true });
      expect(res.status).toBe(200);
      await waitFor(async () => (await json<{ show: boolean }>(await company.get('/api/newsletters/bonus-popup'))).show === true, {
        what: 'the popup to show again after unsubscribing (never seen)',
      });
    });
  });

  describe('classroom-training contact form', () => {
    const form = (overrides: Record<string, unknown> = {}) => ({
      is_private_person: 'No',
      name: 'Erik Larsen',
      email: `erik.${randomUUID().slice(0, 8)}@nordic-mro.example`,
      company: 'Nordic MRO AS',
      phone: '+47 22 00 00 00',
      country: 'NO',
      courses_request: 'Part-66 B1 modules for 12 mechanics.',
      starting_date: '2027-03-01',
      group_size: 12,
      g_recaptcha_token: CAPTCHA_TEST_TOKEN,
      ...overrides,
    });

    const resetLimit = () => gateway.infra.rateLimiter.reset('contact-us', '127.0.0.1');

    async function errorsOf(res: Response): Promise<Record<string, string[]>> {
      expect(res.status).toBe(422);
      const body = await json<{ message: string; errors: Record<string, string[]> }>(res);
      expect(body.message).toBe(FORM_INVALID);
      return body.errors;
    }

    it('accepts a visitor request: thanks, stored and e-mailed to the sales address once', async () => {
      await resetLimit();
      const anonymous = await visitor();
      const sent = form();
      const res = await anonymous.request('POST', '/classroom-training/contact-us', { body: sent, csrf: true });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ message: THANKS });

      const mail = (await waitFor(() => smtp.messages.find((m) => m.raw.includes(sent.email)), { what: 'the sales e-mail' }))!;
      expect(mail.envelopeTo).toEqual([SALES]);
      expect(mail.raw).toContain('Subject: Classroom training request from Erik Larsen (Nordic MRO AS)');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.messages.filter((m) => m.raw.includes(sent.email))).toHaveLength(1);
    });

    it('accepts the form as a URL-encoded post too', async () => {
      await resetLimit();
      const anonymous = await visitor();
      const sent = form({ is_private_person: 'Yes', company: '', group_size: '3' });
      const res = await anonymous.request('POST', '/classroom-training/contact-us', {
        form: Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, String(v)])),
        csrf: true,
      });
      expect(res.status).toBe(200);
    });

    it('answers missing fields with 422 under each field name', async () => {
      await resetLimit();
      const anonymous = await visitor();
      const errors = await errorsOf(await anonymous.request('POST', '/classroom-training/contact-us', { body: {}, csrf: true }));
      expect(Object.keys(errors).sort()).toEqual(['country', 'courses_request', 'email', 'g_recaptcha_token', 'is_private_person', 'name']);
      expect(errors.g_recaptcha_token).toEqual(['Please verify that you are not a robot.']);
    });

    it.each([
      ['a business without company', { company: '' }, 'company', 'The company is required.'],
      ['a too long name', { name: 'x'.repeat(401) }, 'name', 'The name must have up to 400 characters.'],
      ['a too long courses request', { courses_request: 'x'.repeat(2001) }, 'courses_request', 'The courses of interest must have up to 2000 characters.'],
      ['a bad e-mail', { email: 'erik@' }, 'email', 'The email must be a valid email address.'],
      ['an unknown country', { country: 'ZZ' }, 'country', 'The selected country is invalid.'],
      ['a date before the range', { starting_date: '2025-04-09' }, 'starting_date', 'The preferred starting date must be between 2025-04-10 and 2030-12-31.'],
      ['a date in another format', { starting_date: '01.03.2027' }, 'starting_date', 'The preferred starting date must be a valid date in the format YYYY-MM-DD.'],
      ['a group of zero', { group_size: 0 }, 'group_size', 'The group size must be a whole number of at least 1.'],
      ['a wrong captcha', { g_recaptcha_token: 'i-am-a-robot' }, 'g_recaptcha_token', 'Please verify that you are not a robot.'],
    ])('answers %s with a 422 under that field', async (_case, overrides, field, message) => {
      await resetLimit();
      const anonymous = await visitor();
      const errors = await errorsOf(await anonymous.request('POST', '/classroom-training/contact-us', { body: form(overrides), csrf: true }));
      expect(errors).toEqual({ [field]: [message] });
    });

    it('refuses fields the form does not have, and a post without the CSRF token', async () => {
      await resetLimit();
      const anonymous = await visitor();
      let res = await anonymous.request('POST', '/classroom-training/contact-us', { body: form({ budget: '1M' }), csrf: true });
      expect(res.status).toBe(422);
      expect((await json<{ errors: Record<string, string[]> }>(res)).errors).toHaveProperty('budget');
      res = await anonymous.request('POST', '/classroom-training/contact-us', { body: form() });
      expect(res.status).toBe(419);
    });

    it('limits one address to 10 requests in 10 minutes: 429 with the seconds to wait', async () => {
      await resetLimit();
      const anonymous = await visitor();
      for (let i = 0; i < 10; i++) {
        const res = await anonymous.request('POST', '/classroom-training/contact-us', { body: form({ name: '' }), csrf: true });
        expect(res.status).toBe(422);
      }
      const res = await anonymous.request('POST', '/classroom-training/contact-us', { body: form(), csrf: true });
      expect(res.status).toBe(429);
      const body = await json<{ message: string; retryAfter: number }>(res);
      expect(body.retryAfter).toBeGreaterThan(590);
      expect(body.retryAfter).toBeLessThanOrEqual(600);
      expect(body.message).toBe(`Too many requests. Please try again in ${body.retryAfter} seconds.`);
      expect(res.headers.get('retry-after')).toBe(String(body.retryAfter));
      await resetLimit();
    });
  });
});
