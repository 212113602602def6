import { actingAs, inSession, testKit } from '@aero/backend-testing';
import { AccountMessages, AccountsRpc, CountriesRpc, type UserNewsletterConsentChanged } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { outboxEvents, publishedEvent, register, rejection, startAccounts, unique } from './support/accounts-test-kit.js';

describe('consents and countries', () => {
  const kit = testKit(startAccounts);

  describe('cookie consent (RecordConsent)', () => {
    it("records a visitor's choice per session with time and the cookie policy version; the latest one is in force", async () => {
      const sessionId = unique('session');
      const all = await inSession(sessionId, null, () => kit.rpc.call(AccountsRpc.RecordConsent, { necessary: 1, statistics: 1, social: 1 }));
      expect(all.message).toBe(AccountMessages.consentRecorded);
      expect(all.data).toEqual(expect.objectContaining({ necessary: true, statistics: true, social: true, policy_version: '2024-08-19' }));
      await inSession(sessionId, null, () => kit.rpc.call(AccountsRpc.RecordConsent, { statistics: 0, social: '0' }));
      const current = await inSession(sessionId, null, () => kit.rpc.call(AccountsRpc.GetConsents, {}));
      expect(current.data.cookies).toEqual(expect.objectContaining({ necessary: true, statistics: false, social: false }));
      const rows: { recorded_at: Date }[] = await kit.service.infra.dataSource.query(
        `SELECT recorded_at FROM accounts_invitations.consents WHERE session_id = $1 AND kind = 'cookies'`,
        [sessionId],
      );
      expect(rows).toHaveLength(2);
    });

    it('accepts the *_cookies_consent names of the registration and dialog variants', async () => {
      const sessionId = unique('session');
      const result = await inSession(sessionId, null, () => kit.rpc.call(AccountsRpc.RecordConsent, { necessary_cookies_consent: '1', statistics_cookies_consent: '0', social_cookies_consent: '1' }));
      expect(result.data).toEqual(expect.objectContaining({ necessary: true, statistics: false, social: true }));
    });

    it("records a signed-in user's choice on the user, so it follows them to another session", async () => {
      const { data } = await register(kit);
      await inSession(unique('session'), { userId: data.id }, () => kit.rpc.call(AccountsRpc.RecordConsent, { statistics: true, social: false }));
      const elsewhere = await inSession(unique('other'), { userId: data.id }, () => kit.rpc.call(AccountsRpc.GetConsents, {}));
      expect(elsewhere.data.cookies).toEqual(expect.objectContaining({ statistics: true, social: false }));
    });

    it('refuses to record necessary cookies as refused, and a consent with neither session nor user', async () => {
      const refused = await rejection(inSession(unique('session'), null, () => kit.rpc.call(AccountsRpc.RecordConsent, { necessary: 0 })));
      expect(refused.errors).toEqual({ necessary: [AccountMessages.necessaryCookies] });
      const anonymous = await rejection(inSession('', null, () => kit.rpc.call(AccountsRpc.RecordConsent, {})));
      expect(anonymous.errors).toEqual({ session_id: ['The session is required.'] });
    });

    it('answers null when no consent was ever given', async () => {
      const { data } = await inSession(unique('fresh'), null, () => kit.rpc.call(AccountsRpc.GetConsents, {}));
      expect(data).toEqual({ cookies: null, newsletter: null });
    });
  });

  describe('newsletter consent (UpdateNewsletterConsent, opt_in 1 or 0)', () => {
    it('records each change with time and version, updates the user and publishes user.newsletter_consent_changed', async () => {
      const { data } = await register(kit);
      const on = await actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.UpdateNewsletterConsent, { opt_in: 1 }));
      expect(on).toEqual(expect.objectContaining({ message: AccountMessages.newsletterSubscribed, data: expect.objectContaining({ opt_in: 1, policy_version: '2024-08-19' }) }));
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: data.id })).data?.newsletter_opt_in).toBe(true);
      const off = await actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.UpdateNewsletterConsent, { opt_in: '0' }));
      expect(off.message).toBe(AccountMessages.newsletterUnsubscribed);
      expect((await actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.GetConsents, {}))).data.newsletter?.opt_in).toBe(0);
      await publishedEvent(kit, 'user.newsletter_consent_changed', { userId: data.id, optIn: false });
      const events = await outboxEvents<UserNewsletterConsentChanged>(kit, 'user.newsletter_consent_changed', { userId: data.id });
      expect(events.map((e) => [e.payload.data.optIn, e.payload.data.source])).toEqual([
        [true, 'profile'],
        [false, 'profile'],
      ]);
    });

    it('accepts only 1/0 (or true/false)', async () => {
      const { data } = await register(kit);
      for (const opt_in of ['yes', 2, null, undefined]) {
        const payload = await rejection(actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.UpdateNewsletterConsent, { opt_in })));
        expect(payload.errors).toEqual({ opt_in: ['The selected opt in is invalid.'] });
      }
    });

    it('needs a signed-in user', async () => {
      const payload = await rejection(actingAs({ userId: '' }, () => kit.rpc.call(AccountsRpc.UpdateNewsletterConsent, { opt_in: 1 })));
      expect(payload.status).toBe(401);
    });
  });

  describe('countries', () => {
    it('lists every ISO country as { id, name } in English, sorted by name', async () => {
      const { data } = await kit.rpc.call(CountriesRpc.All, {});
      expect(data.length).toBeGreaterThanOrEqual(249);
      expect(data).toContainEqual({ id: 'DE', name: 'Germany' });
      expect(data).toContainEqual({ id: 'LT', name: 'Lithuania' });
      const names = data.map((c) => c.name);
      expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
      expect(data.every((c) => /^[A-Z]{2}$/.test(c.id))).toBe(true);
    });

    it("finds by id (case-insensitive, 'de' finds Germany first) and by name, alias or part of a name", async () => {
      const byId = (await kit.rpc.call(CountriesRpc.Search, { q: 'de' })).data;
      expect(byId[0]).toEqual({ id: 'DE', name: 'Germany' });
      expect(byId.map((c) => c.id)).toContain('BD');
      expect((await kit.rpc.call(CountriesRpc.Search, { q: 'GERM' })).data).toEqual([{ id: 'DE', name: 'Germany' }]);
      expect((await kit.rpc.call(CountriesRpc.Search, { q: 'usa' })).data.map((c) => c.id)).toContain('US');
      expect((await kit.rpc.call(CountriesRpc.Search, { q: 'cote' })).data.map((c) => c.id)).toEqual(['CI']);
      expect((await kit.rpc.call(CountriesRpc.Search, { q: 'land' })).data.map((c) => c.id)).toEqual(expect.arrayContaining(['FI', 'IE', 'PL']));
    });

    it('answers an empty list when nothing matches (the selector then says "Oops! No countries found.") and everything for an empty query', async () => {
      expect((await kit.rpc.call(CountriesRpc.Search, { q: 'zzzz' })).data).toEqual([]);
      expect((await kit.rpc.call(CountriesRpc.Search, { q: '' })).data.length).toBe((await kit.rpc.call(CountriesRpc.All, {})).data.length);
    });
  });
});
