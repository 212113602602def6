import { AnnouncementRpc, NewsletterRpc, UserNewsletterConsentChangedEvent, type UserNewsletterConsentChanged } from '@aero/contracts';
import { startService, type RunningService } from '@aero/backend-runtime';
import { actingAs, createTestEnvironment, envelopeOf, rejection, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DEMO_ANNOUNCEMENT } from '../src/announcements/announcements.seed.js';
import { NEWSLETTER_CONSENT_CONSUMER } from '../src/newsletters/newsletters.event-handlers.js';
import { NewslettersService } from '../src/newsletters/newsletters.service.js';
import { createNotificationsService } from '../src/notifications.service-definition.js';
import { publishTwice } from './support/notifications-under-test.js';

describe('notifications: newsletters, the bonus popup and announcements', () => {
  jest.setTimeout(30_000);
  let env: TestEnvironment;
  let service: RunningService;

  const rpc = () => service.infra.rpc;
  const subscription = (userId: string) => service.app.get(NewslettersService, { strict: false }).find(userId);

  /** accounts-invitations records a newsletter consent and publishes it (twice, to be sure it is idempotent). */
  async function consentChanged(userId: string, optIn: boolean, changedAt = new Date().toISOString()): Promise<void> {
    const data: UserNewsletterConsentChanged = {
      userId,
      email: `${userId.slice(0, 8)}@example.com`,
      name: 'Jane Doe',
      optIn,
      policyVersion: '2024-08-19',
      source: 'profile',
      changedAt,
    };
    const envelope = envelopeOf(UserNewsletterConsentChangedEvent, data);
    await publishTwice({ service, env }, UserNewsletterConsentChangedEvent, envelope, NEWSLETTER_CONSENT_CONSUMER);
  }

  beforeAll(async () => {
    env = await createTestEnvironment();
    const serviceEnv = env.env({ NOTIFICATIONS_HTTP_PORT: '0', SEED_DEMO_DATA: 'true' });
    service = await startService(createNotificationsService(serviceEnv), serviceEnv);
  });

  afterAll(async () => {
    await service?.close();
    await env?.destroy();
  });

  describe('newsletters', () => {
    it('subscribes a user, and subscribing twice is fine', async () => {
      const userId = randomUUID();
      expect(await actingAs({ userId, email: 'jane@example.com' }, () => rpc().call(NewsletterRpc.Subscribe, {}))).toEqual({
        message: 'You are subscribed to our newsletter.',
      });
      expect(await actingAs({ userId, email: 'jane@example.com' }, () => rpc().call(NewsletterRpc.Subscribe, {}))).toEqual({
        message: 'You are subscribed to our newsletter.',
      });
      expect(await subscription(userId)).toEqual(expect.objectContaining({ subscribed: true, email: 'jane@example.com' }));
    });

    it('refuses a subscription without a user id or a valid e-mail', async () => {
      expect(await rejection(actingAs({ userId: 'nobody', email: 'jane@example.com' }, () => rpc().call(NewsletterRpc.Subscribe, {})))).toEqual(
        expect.objectContaining({ status: 422 }),
      );
      expect(await rejection(actingAs({ userId: randomUUID(), email: 'jane' }, () => rpc().call(NewsletterRpc.Subscribe, {})))).toEqual(
        expect.objectContaining({ status: 422, errors: { email: ['The email must be a valid email address.'] } }),
      );
    });

    it('follows the newsletter consent: opt_in 1 subscribes, 0 unsubscribes, a late older change is ignored', async () => {
      const userId = randomUUID();
      const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
      await consentChanged(userId, true, minutesAgo(10));
      expect(await subscription(userId)).toEqual(expect.objectContaining({ subscribed: true }));

      await consentChanged(userId, false, minutesAgo(5));
      expect(await subscription(userId)).toEqual(expect.objectContaining({ subscribed: false }));

      // An opt-in recorded before the opt-out, arriving after it, changes nothing.
      await consentChanged(userId, true, minutesAgo(9));
      expect(await subscription(userId)).toEqual(expect.objectContaining({ subscribed: false }));

      // The popup's subscribe button after that subscribes again.
      await actingAs({ userId, email: 'jane@example.com' }, () => rpc().call(NewsletterRpc.Subscribe, {}));
      expect(await subscription(userId)).toEqual(expect.objectContaining({ subscribed: true }));
    });
  });

  describe('subscription bonus popup', () => {
    it('shows to a user who is not subscribed and has not seen it, until it is marked as seen', async () => {
      const userId = randomUUID();
      expect(await actingAs({ userId }, () => rpc().call(NewsletterRpc.BonusPopup, {}))).toEqual({ show: true });
      expect(await actingAs({ userId }, () => rpc().call(NewsletterRpc.MarkBonusPopupSeen, {}))).toEqual({
        message: 'The subscription bonus popup will not be shown again.',
      });
      expect(await actingAs({ userId }, () => rpc().call(NewsletterRpc.BonusPopup, {}))).toEqual({ show: false });
      // Marking again keeps the first time it was seen.
      const first = (await subscription(userId))!.bonusPopupSeenAt;
      await actingAs({ userId }, () => rpc().call(NewsletterRpc.MarkBonusPopupSeen, {}));
      expect((await subscription(userId))!.bonusPopupSeenAt).toEqual(first);
    });

    it('does not show to a subscriber, whether subscribed from the popup or by consent', async () => {
      const fromPopup = randomUUID();
      await actingAs({ userId: fromPopup, email: 'popup@example.com' }, () => rpc().call(NewsletterRpc.Subscribe, {}));
      expect(await actingAs({ userId: fromPopup }, () => rpc().call(NewsletterRpc.BonusPopup, {}))).toEqual({ show: false });

      const byConsent = randomUUID();
      await consentChanged(byConsent, true);
      expect(await actingAs({ userId: byConsent }, () => rpc().call(NewsletterRpc.BonusPopup, {}))).toEqual({ show: false });
    });

    it('shows to a user who unsubscribed without ever seeing it, and keeps a seen popup hidden after subscribing', async () => {
      const unsubscribed = randomUUID();
      await consentChanged(unsubscribed, false);
      expect(await actingAs({ userId: unsubscribed }, () => rpc().call(NewsletterRpc.BonusPopup, {}))).toEqual({ show: true });

      const seen = randomUUID();
      await actingAs({ userId: seen }, () => rpc().call(NewsletterRpc.MarkBonusPopupSeen, {}));
      await consentChanged(seen, true);
      await consentChanged(seen, false);
      expect(await actingAs({ userId: seen }, () => rpc().call(NewsletterRpc.BonusPopup, {}))).toEqual({ show: false });
    });

    it('refuses a request without a user id', async () => {
      expect(await rejection(actingAs({ userId: '' }, () => rpc().call(NewsletterRpc.BonusPopup, {})))).toEqual(expect.objectContaining({ status: 422 }));
    });
  });

  describe('announcements', () => {
    it('answers the seeded demo announcement as the current one', async () => {
      expect(await rpc().call(AnnouncementRpc.Current, {})).toEqual({ data: DEMO_ANNOUNCEMENT });
    });

    it('lets an administrator publish a new current announcement with a new uuid', async () => {
      const { data } = await actingAs({ roles: ['administrator'] }, () =>
        rpc().call(AnnouncementRpc.Publish, { message: '  Scheduled maintenance on Sunday 02:00-04:00 UTC.  ', class: 'warning' }),
      );
      expect(data).toEqual({ uuid: expect.any(String), message: 'Scheduled maintenance on Sunday 02:00-04:00 UTC.', class: 'warning' });
      expect(data.uuid).not.toBe(DEMO_ANNOUNCEMENT.uuid);
      expect(await rpc().call(AnnouncementRpc.Current, {})).toEqual({ data });
    });

    it('lets a limited administrator publish too; the newest one wins', async () => {
      const { data } = await actingAs({ roles: ['student', 'administrator_limited'] }, () =>
        rpc().call(AnnouncementRpc.Publish, { message: 'New Part-145 courses are online.', class: 'success' }),
      );
      expect((await rpc().call(AnnouncementRpc.Current, {})).data).toEqual(data);
    });

    it.each([
      ['a student', ['student']],
      ['a company', ['company']],
      ['a KYC user', ['kyc']],
      ['a commercial manager', ['commercial_manager']],
      ['an instructor', ['instructor']],
      ['a visitor', []],
    ])('refuses %s with 403', async (_who, roles) => {
      const before = await rpc().call(AnnouncementRpc.Current, {});
      const payload = await rejection(
        actingAs(roles.length ? { roles } : null, () => rpc().call(AnnouncementRpc.Publish, { message: 'Hello', class: 'info' })),
      );
      expect(payload).toEqual(expect.objectContaining({ status: 403, message: 'This action is unauthorized.' }));
      expect(await rpc().call(AnnouncementRpc.Current, {})).toEqual(before);
    });

    it('refuses a banned administrator', async () => {
      const payload = await rejection(
        actingAs({ roles: ['administrator'], status: 'banned' }, () => rpc().call(AnnouncementRpc.Publish, { message: 'Hello', class: 'info' })),
      );
      expect(payload.status).toBe(403);
    });

    it('checks the message and the class', async () => {
      const publish = (message: unknown, cls: unknown) =>
        rejection(actingAs({ roles: ['administrator'] }, () => rpc().call(AnnouncementRpc.Publish, { message, class: cls })));
      expect(await publish('', 'info')).toEqual(expect.objectContaining({ status: 422, errors: { message: ['The message is required.'] } }));
      expect(await publish('x'.repeat(1001), 'purple')).toEqual(
        expect.objectContaining({
          status: 422,
          errors: {
            message: ['The message must have up to 1000 characters.'],
            class: ['The class must be one of info, success, warning, danger.'],
          },
        }),
      );
      expect(await publish(42, undefined)).toEqual(
        expect.objectContaining({ errors: { message: ['The message must be text.'], class: ['The class is required.'] } }),
      );
    });
  });
});
