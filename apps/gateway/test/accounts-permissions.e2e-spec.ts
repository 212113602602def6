import {
  ACCOUNT_ROLES,
  AccountMessages,
  AccountsRpc,
  can,
  DEMO_ACCOUNTS,
  type AccountRole,
  type BillingInformationDto,
  type Capability,
  type ProfileDto,
} from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { SESSION_COOKIE } from '../src/session/session-cookies.js';
import { AccountBrowser, createUser, signedIn, startAccountsPlatform, studentForm, visitor, type TestUser } from './support/accounts.js';
import { queryDb, type Platform } from './support/platform.js';
import { actingAs } from '@aero/backend-testing';

const SIGN_IN_REQUIRED = { message: 'Please sign in to continue.' };
const NOT_ALLOWED = { message: 'You are not allowed to do this.' };
/** A 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const UNKNOWN_USER = '00000000-0000-4000-8000-00000000beef';

/** One request per capability-guarded route, the way the web app sends it. */
interface GuardedRoute {
  capability: Capability;
  method: string;
  path: string;
  body?: unknown;
}

const GUARDED_ROUTES: GuardedRoute[] = [
  { capability: 'profile.manage_own', method: 'GET', path: '/api/profile' },
  { capability: 'profile.manage_own', method: 'PATCH', path: '/profile', body: {} },
  { capability: 'profile.manage_own', method: 'GET', path: '/api/profile/billing' },
  { capability: 'profile.manage_own', method: 'POST', path: '/terms/accept', body: { terms_and_conditions: '1' } },
  { capability: 'profile.manage_own', method: 'DELETE', path: '/profile/avatar' },
  { capability: 'newsletter.subscribe', method: 'PATCH', path: '/profile/update-newsletter-consent', body: { opt_in: 1 } },
  { capability: 'company.view', method: 'GET', path: '/api/profile/company' },
  { capability: 'kyc.review', method: 'GET', path: '/api/kyc/pending' },
  { capability: 'kyc.review', method: 'POST', path: `/kyc/user/${UNKNOWN_USER}/approve`, body: {} },
  { capability: 'kyc.review', method: 'POST', path: `/kyc/company/${UNKNOWN_USER}/decline`, body: { reason: 'Fake papers' } },
  { capability: 'account.register', method: 'POST', path: '/register', body: studentForm() },
];

/** Routes that only need a signed-in user. */
const SIGNED_IN_ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: 'POST', path: '/email/verification-notification' },
  { method: 'POST', path: '/profile/avatar', body: { avatar: PNG_BASE64, content_type: 'image/png' } },
  { method: 'GET', path: `/profile/avatar/${UNKNOWN_USER}` },
  { method: 'GET', path: '/profile/avatar' },
  { method: 'POST', path: '/profile/personal-information', body: { birth_date: '1990-01-01', gender: 'male' } },
  { method: 'PATCH', path: '/profile/password', body: { current_password: 'Hangar2026', password: 'Runway2027x', password_confirmation: 'Runway2027x' } },
  { method: 'PATCH', path: '/profile/billing', body: { person: 'A', email: 'a@example.com', country: 'LT', city: 'V', address: 'A 1', zip: '01100' } },
  { method: 'PATCH', path: '/profile/update-newsletter-consent', body: { opt_in: 0 } },
];

/** Every unsafe route of the accounts API. */
const UNSAFE_ROUTES: { method: string; path: string }[] = [
  ...['/login', '/logout', '/register', '/email/verify', '/email/verification-notification', '/password/email', '/password/reset', '/terms/accept'].map(
    (path) => ({ method: 'POST', path }),
  ),
  { method: 'PATCH', path: '/profile' },
  { method: 'POST', path: '/profile/avatar' },
  { method: 'DELETE', path: '/profile/avatar' },
  { method: 'POST', path: '/profile/personal-information' },
  { method: 'PATCH', path: '/profile/password' },
  { method: 'PATCH', path: '/profile/billing' },
  { method: 'POST', path: `/kyc/user/${UNKNOWN_USER}/approve` },
  { method: 'POST', path: `/kyc/user/${UNKNOWN_USER}/decline` },
  { method: 'POST', path: '/cookie-consent' },
  { method: 'PATCH', path: '/profile/update-newsletter-consent' },
];

describe('gateway: who may use the account routes (docs/permissions.md) and whose data they touch', () => {
  let platform: Platform;
  /** A signed-in browser for one user holding exactly each role. */
  const byRole = new Map<AccountRole, AccountBrowser>();

  beforeAll(async () => {
    platform = await startAccountsPlatform();
    // One user per role, each hashed with argon2id: allow for a busy CI machine.
    for (const role of ACCOUNT_ROLES) {
      const user = await createUser(platform, [role]);
      byRole.set(role, await signedIn(platform, user.email, user.password));
    }
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const admin = () => platform.gateway.infra.rpc;

  describe('the role matrix at the gateway', () => {
    const cases = ACCOUNT_ROLES.flatMap((role) => GUARDED_ROUTES.map((route) => [role, route.capability, route.method, route.path, route] as const));

    it.each(cases)('%s on %s (%s %s): allowed exactly when can() says so', async (role, capability, method, path, route) => {
      const answer = await byRole.get(role)!.call(method, path, route.body);
      if (can([role], capability)) {
        expect([401, 403]).not.toContain(answer.status);
      } else {
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 403, body: NOT_ALLOWED });
      }
    });

    it('the cases above include a denied request for every role', () => {
      for (const role of ACCOUNT_ROLES) expect(GUARDED_ROUTES.some((route) => !can([role], route.capability))).toBe(true);
    });

    it.each([...GUARDED_ROUTES.filter((route) => route.capability !== 'account.register'), ...SIGNED_IN_ROUTES])(
      'a visitor gets 401 on $method $path',
      async ({ method, path, body }) => {
        const answer = await (await visitor(platform)).call(method, path, body);
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 401, body: SIGN_IN_REQUIRED });
      },
    );

    it('a visitor may register (account.register is the visitors\')', async () => {
      expect((await (await visitor(platform)).call('POST', '/register', studentForm())).status).toBe(200);
    });
  });

  describe('restricted accounts (can() with the account status)', () => {
    it('a banned user keeps the profile and may withdraw newsletter consent, but may not subscribe or review KYC', async () => {
      const user = await createUser(platform, ['kyc']);
      await actingAs({ userId: DEMO_ACCOUNTS.administrator.id }, () => admin().call(AccountsRpc.SetAccountStatus, { subject_type: 'user', subject_id: user.id, status: 'banned' }));
      const browser = await signedIn(platform, user.email, user.password);
      expect((await browser.me())?.restriction).toEqual(expect.objectContaining({ status: 'banned', message: AccountMessages.banned }));
      expect((await browser.call('GET', '/api/profile')).status).toBe(200);
      expect((await browser.call('PATCH', '/profile/update-newsletter-consent', { opt_in: 0 })).status).toBe(200);
      expect(await browser.call('PATCH', '/profile/update-newsletter-consent', { opt_in: 1 })).toEqual(
        expect.objectContaining({ status: 403, body: NOT_ALLOWED }),
      );
      expect(await browser.call('GET', '/api/kyc/pending')).toEqual(expect.objectContaining({ status: 403, body: NOT_ALLOWED }));
    });

    it('a role change takes effect on the next request (roles are read per request, not kept in the session)', async () => {
      const user = await createUser(platform, ['student']);
      const browser = await signedIn(platform, user.email, user.password);
      expect((await browser.call('GET', '/api/kyc/pending')).status).toBe(403);
      await actingAs({ userId: DEMO_ACCOUNTS.administrator.id }, () => admin().call(AccountsRpc.SetRoles, { userId: user.id, roles: ['kyc'] }));
      expect((await browser.call('GET', '/api/kyc/pending')).status).toBe(200);
    });
  });

  describe('a stale session (its account no longer exists)', () => {
    it('GET /api/me answers null and signs the client out; guarded routes answer 401', async () => {
      const user = await createUser(platform);
      const browser = await signedIn(platform, user.email, user.password);
      const sessionId = browser.cookies.get(SESSION_COOKIE)!;
      await queryDb(platform, 'DELETE FROM accounts_invitations.users WHERE id = $1', [user.id]);

      expect(await browser.call('GET', '/api/me')).toEqual(expect.objectContaining({ status: 200, body: { data: null } }));
      expect(browser.cookies.get(SESSION_COOKIE)).not.toBe(sessionId);
      const redis = new Redis(platform.env.env().REDIS_URL!, { keyPrefix: `${platform.env.redisPrefix}:` });
      try {
        expect(await redis.exists(`sess:${sessionId}`)).toBe(0);
      } finally {
        redis.disconnect();
      }
      expect(await browser.call('GET', '/api/profile')).toEqual(expect.objectContaining({ status: 401, body: SIGN_IN_REQUIRED }));
    });
  });

  describe('ownership: one user never reads or changes another user\'s data by changing an id', () => {
    let alice: TestUser;
    let bob: TestUser;
    let aliceBrowser: AccountBrowser;
    let bobBrowser: AccountBrowser;

    beforeAll(async () => {
      alice = await createUser(platform);
      bob = await createUser(platform);
      aliceBrowser = await signedIn(platform, alice.email, alice.password);
      bobBrowser = await signedIn(platform, bob.email, bob.password);
    });

    const bobProfile = async () => (await bobBrowser.call<{ data: ProfileDto }>('GET', '/api/profile')).body.data;

    it.each(['actorId', 'userId', 'user_id', 'id'])('a body naming another user (%s) is refused (422) and changes nothing', async (field) => {
      const before = await bobProfile();
      const answer = await aliceBrowser.call<{ errors: Record<string, string[]> }>('PATCH', '/profile', { first_name: 'Mallory', [field]: bob.id });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual([field]);
      expect(await bobProfile()).toEqual(before);
      expect((await aliceBrowser.me())?.first_name).not.toBe('Mallory');
    });

    it.each(['/api/profile', '/api/profile/billing'])('%s?actorId=<another user> still answers the signed-in user\'s own data', async (path) => {
      const answer = await aliceBrowser.call<{ data: ProfileDto | BillingInformationDto }>('GET', `${path}?actorId=${bob.id}&userId=${bob.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body.data.email).toBe(alice.email);
    });

    it('billing, personal information and the password change only touch the signed-in user', async () => {
      const bobBilling = (await bobBrowser.call<{ data: BillingInformationDto }>('GET', '/api/profile/billing')).body.data;
      const billing = { person: 'Alice Payer', email: 'alice-billing@example.com', country: 'LT', city: 'Vilnius', address: 'Gedimino 1', zip: '01103' };
      expect((await aliceBrowser.call('PATCH', '/profile/billing', billing)).status).toBe(200);
      expect((await aliceBrowser.call('PATCH', '/profile/billing', { ...billing, user_id: bob.id })).status).toBe(422);
      expect((await bobBrowser.call<{ data: BillingInformationDto }>('GET', '/api/profile/billing')).body.data).toEqual(bobBilling);

      expect((await aliceBrowser.call('POST', '/profile/personal-information', { birth_date: '1980-01-01', gender: 'female' })).status).toBe(200);
      expect((await bobProfile()).personal_information.filled).toBe(false);

      // A password change is the signed-in user's: Alice's new password, Bob's unchanged.
      const changed = await aliceBrowser.call('PATCH', '/profile/password', { current_password: alice.password, password: 'Runway2027x', password_confirmation: 'Runway2027x' });
      expect(changed.status).toBe(200);
      expect((await (await visitor(platform)).signIn(alice.email, 'Runway2027x')).status).toBe(200);
      expect((await (await visitor(platform)).signIn(bob.email, bob.password)).status).toBe(200);
      expect((await (await visitor(platform)).signIn(bob.email, 'Runway2027x')).status).toBe(422);
    });

    it('the avatar image of another user is never served (404), one\'s own is', async () => {
      expect((await bobBrowser.call('POST', '/profile/avatar', { avatar: PNG_BASE64, content_type: 'image/png' })).status).toBe(200);
      expect((await bobBrowser.request('GET', `/profile/avatar/${bob.id}`)).status).toBe(200);
      const other = await aliceBrowser.call('GET', `/profile/avatar/${bob.id}`);
      expect(other.status).toBe(404);
      expect(other.headers.get('content-type')).toMatch(/json/);
      // Alice's own avatar route still shows nothing of Bob's.
      expect((await aliceBrowser.call('GET', '/profile/avatar')).status).toBe(404);
    });

    it('a KYC user cannot decide their own company\'s check', async () => {
      const owner = await visitor(platform);
      const registered = await owner.call('POST', '/register', {
        ...studentForm(),
        is_corporate: '1',
        company_name: 'Self Review Aero',
        company_country: 'LV',
        city: 'Riga',
        address: 'Brivibas 1',
        zip: 'LV-1010',
      });
      expect(registered.status).toBe(200);
      const me = (await owner.me())!;
      await actingAs({ userId: DEMO_ACCOUNTS.administrator.id }, () => admin().call(AccountsRpc.SetRoles, { userId: me.id, roles: ['company', 'kyc'] }));
      const answer = await owner.call('POST', `/kyc/company/${me.company_id}/approve`, {});
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(AccountMessages.kycOwn);
    });
  });

  describe('CSRF', () => {
    it.each(UNSAFE_ROUTES)('$method $path without the XSRF header is refused with 419', async ({ method, path }) => {
      const browser = await signedIn(platform, DEMO_ACCOUNTS.administrator.email);
      const res = await browser.request(method, path, { body: {} });
      expect(res.status).toBe(419);
      expect(await res.json()).toEqual({ message: 'CSRF token mismatch.' });
      // Still signed in: nothing happened.
      expect((await browser.me())?.id).toBe(DEMO_ACCOUNTS.administrator.id);
    });
  });

  it('the spec\'s data-method links work: POST with _method=DELETE removes the avatar', async () => {
    const user = await createUser(platform);
    const browser = await signedIn(platform, user.email, user.password);
    await browser.call('POST', '/profile/avatar', { avatar: PNG_BASE64, content_type: 'image/png' });
    const removed = await browser.call('POST', '/profile/avatar', { _method: 'DELETE' });
    expect(removed).toEqual(expect.objectContaining({ status: 200, body: { message: AccountMessages.avatarRemoved } }));
    expect((await browser.call('GET', `/profile/avatar/${user.id}`)).status).toBe(404);
  });
});
