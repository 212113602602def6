import { AccountMessages, DEMO_ACCOUNTS, type AccountUserDto, type CartView } from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { REMEMBER_COOKIE, SESSION_COOKIE } from '../src/session/session-cookies.js';
import {
  AccountBrowser,
  createUser,
  DEMO_PASSWORD,
  lastLinkToken,
  newAddress,
  resetTokenOf,
  startAccountsPlatform,
  studentForm,
  visitor,
  type TestUser,
} from './support/accounts.js';
import type { Platform } from './support/platform.js';

/** The password the tests change or reset to. */
const NEW_PASSWORD = 'Runway2027x';
const THROTTLED = /^Too many attempts, retry in (\d+) seconds$/;
/** Where Redis keeps a remember-me token: under its SHA-256, never the token itself. */
const rememberKey = (token: string) => `remember:${createHash('sha256').update(token).digest('hex')}`;

describe('gateway: sign-in, sign-out, remember-me and registration (learning §2, §8; shop §2)', () => {
  let platform: Platform;
  let redis: Redis;

  beforeAll(async () => {
    platform = await startAccountsPlatform();
    redis = new Redis(platform.env.env().REDIS_URL!, { keyPrefix: `${platform.env.redisPrefix}:` });
  });

  afterAll(async () => {
    redis?.disconnect();
    await platform?.stop();
  });

  const cart = async (browser: AccountBrowser) => (await browser.call<CartView>('GET', '/api/cart')).body;

  describe('GET /api/me and POST /login', () => {
    it('a visitor is { data: null }', async () => {
      const browser = await visitor(platform);
      expect(await browser.call('GET', '/api/me')).toEqual(expect.objectContaining({ status: 200, body: { data: null } }));
    });

    it('signs in with the right password: { data: user, redirect }, and /api/me answers the user', async () => {
      const browser = await visitor(platform);
      const answer = await browser.signIn(DEMO_ACCOUNTS.student.email, DEMO_PASSWORD);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ data: expect.objectContaining({ id: DEMO_ACCOUNTS.student.id, roles: ['student'] }), redirect: '/' });
      expect((answer.body.data as AccountUserDto).email).toBe(DEMO_ACCOUNTS.student.email);
      expect((await browser.me())?.id).toBe(DEMO_ACCOUNTS.student.id);
    });

    it('gives the session a new id at sign-in, so an id known before signing in is worth nothing', async () => {
      const browser = await visitor(platform);
      const before = browser.cookies.get(SESSION_COOKIE)!;
      await browser.signIn(DEMO_ACCOUNTS.student.email, DEMO_PASSWORD);
      const after = browser.cookies.get(SESSION_COOKIE)!;
      expect(after).not.toBe(before);
      // Someone who planted the old id in the browser is still a visitor.
      const attacker = new AccountBrowser(platform.url);
      attacker.cookies.set(SESSION_COOKIE, before);
      expect(await attacker.me()).toBeNull();
    });

    it('answers wrong credentials with 422 errors.email = ["Credentials do not match."]', async () => {
      const browser = await visitor(platform);
      const wrong = await browser.signIn(DEMO_ACCOUNTS.student.email, 'Wrong-password1');
      expect(wrong.status).toBe(422);
      expect(wrong.body).toEqual(expect.objectContaining({ errors: { email: ['Credentials do not match.'] } }));
      const unknown = await browser.signIn('nobody-here@example.com', DEMO_PASSWORD);
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toEqual({ email: ['Credentials do not match.'] });
      expect(await browser.me()).toBeNull();
    });

    it.each([
      [{ password: DEMO_PASSWORD }, 'email', AccountMessages.required('email')],
      [{ email: 'not-an-address', password: DEMO_PASSWORD }, 'email', AccountMessages.invalidEmail('email')],
      [{ email: `${'a'.repeat(250)}@example.com`, password: DEMO_PASSWORD }, 'email', AccountMessages.maxLength('email', 255)],
      [{ email: DEMO_ACCOUNTS.student.email }, 'password', AccountMessages.required('password')],
      [{ email: DEMO_ACCOUNTS.student.email, password: 12345678 }, 'password', AccountMessages.mustBeText('password')],
    ])('refuses the form %j with a 422 under the field', async (body, field, message) => {
      const browser = await visitor(platform);
      const answer = await browser.call('POST', '/login', body);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: AccountMessages.formInvalid, errors: { [field]: [message] } });
    });

    it('needs the CSRF header (419)', async () => {
      const browser = await visitor(platform);
      const res = await browser.request('POST', '/login', { body: { email: DEMO_ACCOUNTS.student.email, password: DEMO_PASSWORD } });
      expect(res.status).toBe(419);
      expect(await browser.me()).toBeNull();
    });
  });

  describe('throttling (Redis, per account and per address)', () => {
    it('after 5 failures of one account (from any addresses) answers 429 with the seconds, even for the right password', async () => {
      const user = await createUser(platform);
      for (let i = 0; i < 5; i++) {
        const browser = await visitor(platform);
        expect((await browser.signIn(user.email, 'Wrong-password1')).status).toBe(422);
      }
      const browser = await visitor(platform);
      const blocked = await browser.signIn(user.email, user.password);
      expect(blocked.status).toBe(429);
      const [, seconds] = THROTTLED.exec(blocked.body.message as string)!;
      expect(Number(seconds)).toBeGreaterThanOrEqual(1);
      expect(Number(seconds)).toBeLessThanOrEqual(60);
      expect(blocked.headers.get('retry-after')).toBe(seconds);
      expect(await browser.me()).toBeNull();
      // The block is the account's: the same address signs in to another account.
      expect((await browser.signIn(DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD)).status).toBe(200);
    });

    it('after 20 failures from one address answers 429 for any account there, but not elsewhere', async () => {
      const address = newAddress();
      for (let i = 0; i < 20; i++) {
        const browser = await visitor(platform, address);
        expect((await browser.signIn(`guess${i}@example.com`, 'Wrong-password1')).status).toBe(422);
      }
      const here = await visitor(platform, address);
      const blocked = await here.signIn(DEMO_ACCOUNTS.kyc.email, DEMO_PASSWORD);
      expect(blocked.status).toBe(429);
      const [, seconds] = THROTTLED.exec(blocked.body.message as string)!;
      expect(blocked.headers.get('retry-after')).toBe(seconds);
      const elsewhere = await visitor(platform);
      expect((await elsewhere.signIn(DEMO_ACCOUNTS.kyc.email, DEMO_PASSWORD)).status).toBe(200);
    });

    it('a successful sign-in clears the account counter', async () => {
      const user = await createUser(platform);
      const fail = async () => (await (await visitor(platform)).signIn(user.email, 'Wrong-password1')).status;
      for (let i = 0; i < 4; i++) expect(await fail()).toBe(422);
      expect((await (await visitor(platform)).signIn(user.email, user.password)).status).toBe(200);
      // Without the reset the second of these would already be refused.
      for (let i = 0; i < 5; i++) expect(await fail()).toBe(422);
      expect(await fail()).toBe(429);
    });

    it('counts an address\'s successes as nothing: 25 good sign-ins from one office all pass', async () => {
      const address = newAddress();
      for (let i = 0; i < 25; i++) {
        const browser = await visitor(platform, address);
        expect((await browser.signIn(DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD)).status).toBe(200);
      }
    });
  });

  describe('POST /logout', () => {
    it('ends the session and the remember-me token and answers { redirect: "/" }', async () => {
      const browser = await visitor(platform);
      await browser.signIn(DEMO_ACCOUNTS.student.email, DEMO_PASSWORD, true);
      const sessionId = browser.cookies.get(SESSION_COOKIE)!;
      const token = browser.cookies.get(REMEMBER_COOKIE)!;
      expect(await redis.get(rememberKey(token))).toBe(`${DEMO_ACCOUNTS.student.id}:1`);

      const answer = await browser.call('POST', '/logout');
      expect(answer).toEqual(expect.objectContaining({ status: 200, body: { redirect: '/' } }));
      expect(browser.setCookieLine(REMEMBER_COOKIE)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      expect(await browser.me()).toBeNull();
      expect(await redis.exists(`sess:${sessionId}`)).toBe(0);
      expect(await redis.exists(rememberKey(token))).toBe(0);

      // Neither the old session id nor the old remember-me token signs anyone in any more.
      const replay = new AccountBrowser(platform.url);
      replay.cookies.set(SESSION_COOKIE, sessionId);
      replay.cookies.set(REMEMBER_COOKIE, token);
      expect(await replay.me()).toBeNull();
    });

    it('needs the CSRF header (419), so another site cannot sign the user out', async () => {
      const browser = await visitor(platform);
      await browser.signIn(DEMO_ACCOUNTS.student.email, DEMO_PASSWORD);
      expect((await browser.request('POST', '/logout')).status).toBe(419);
      expect((await browser.me())?.id).toBe(DEMO_ACCOUNTS.student.id);
    });
  });

  describe('remember-me (a 3-year cookie; the session itself lasts 24 h)', () => {
    it.each([[true], [1], ['on']])('remember=%j sets an HttpOnly remember-me cookie of 3 years', async (remember) => {
      const browser = await visitor(platform);
      await browser.signIn(DEMO_ACCOUNTS.student.email, DEMO_PASSWORD, remember);
      const line = browser.setCookieLine(REMEMBER_COOKIE)!;
      expect(line).toMatch(/Max-Age=94608000/);
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/SameSite=Lax/);
      expect(browser.setCookieLine(SESSION_COOKIE)).toMatch(/Max-Age=86400/);
    });

    it('without remember no remember-me cookie is set', async () => {
      const browser = await visitor(platform);
      await browser.signIn(DEMO_ACCOUNTS.student.email, DEMO_PASSWORD, false);
      expect(browser.cookies.has(REMEMBER_COOKIE)).toBe(false);
    });

    it('stores only a hash of the token, mapping to the user id and session generation with a 3-year TTL', async () => {
      const browser = await visitor(platform);
      await browser.signIn(DEMO_ACCOUNTS.kyc.email, DEMO_PASSWORD, true);
      const token = browser.cookies.get(REMEMBER_COOKIE)!;
      expect(await redis.keys(`${platform.env.redisPrefix}:*${token}*`)).toEqual([]);
      const key = rememberKey(token);
      expect(await redis.get(key)).toBe(`${DEMO_ACCOUNTS.kyc.id}:1`);
      expect(await redis.ttl(key)).toBeGreaterThan(94_608_000 - 60);
    });

    it('restores the signed-in session after the session record expired, with a new session id and a rotated token', async () => {
      const browser = await visitor(platform);
      await browser.signIn(DEMO_ACCOUNTS.companyAdmin.email, DEMO_PASSWORD, true);
      const sessionId = browser.cookies.get(SESSION_COOKIE)!;
      const token = browser.cookies.get(REMEMBER_COOKIE)!;

      await redis.del(`sess:${sessionId}`); // what 24 h without a visit does
      expect((await browser.me())?.id).toBe(DEMO_ACCOUNTS.companyAdmin.id);
      expect(browser.cookies.get(SESSION_COOKIE)).not.toBe(sessionId);
      expect(browser.cookies.get(REMEMBER_COOKIE)).not.toBe(token);
      // The new session is a real one: unsafe requests work with its new XSRF token.
      expect((await browser.call('GET', '/api/profile')).status).toBe(200);
      expect((await browser.call('PATCH', '/profile/update-newsletter-consent', { opt_in: 0 })).status).toBe(200);

      // The used token only lives on for the grace period of parallel requests.
      expect(await redis.ttl(rememberKey(token))).toBeLessThanOrEqual(30);
    });

    it('also restores when the browser lost the session cookie (it expired after 24 h)', async () => {
      const browser = await visitor(platform);
      await browser.signIn(DEMO_ACCOUNTS.companyAdmin.email, DEMO_PASSWORD, 'on');
      browser.cookies.delete(SESSION_COOKIE);
      browser.cookies.delete('XSRF-TOKEN');
      expect((await browser.me())?.id).toBe(DEMO_ACCOUNTS.companyAdmin.id);
    });

    it('an unknown token signs nobody in and is cleared', async () => {
      const browser = new AccountBrowser(platform.url);
      browser.cookies.set(REMEMBER_COOKIE, 'A'.repeat(43));
      expect(await browser.me()).toBeNull();
      expect(browser.setCookieLine(REMEMBER_COOKIE)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    });

    it('signing in without remember ends the token an earlier user left in this browser', async () => {
      const browser = await visitor(platform);
      await browser.signIn(DEMO_ACCOUNTS.companyAdmin.email, DEMO_PASSWORD, true);
      const earlier = browser.cookies.get(REMEMBER_COOKIE)!;
      await browser.signIn(DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
      const replay = new AccountBrowser(platform.url);
      replay.cookies.set(REMEMBER_COOKIE, earlier);
      expect(await replay.me()).toBeNull();
    });

    it('a password change ends the account\'s other remember-me tokens; this browser stays remembered', async () => {
      const user = await createUser(platform);
      const laptop = await visitor(platform);
      await laptop.signIn(user.email, user.password, true);
      const phone = await visitor(platform);
      await phone.signIn(user.email, user.password, true);

      const changed = await laptop.call('PATCH', '/profile/password', {
        current_password: user.password,
        password: 'Runway2027x',
        password_confirmation: 'Runway2027x',
      });
      expect(changed).toEqual(expect.objectContaining({ status: 200, body: { message: AccountMessages.passwordChanged } }));

      for (const browser of [laptop, phone]) await redis.del(`sess:${browser.cookies.get(SESSION_COOKIE)}`);
      expect((await laptop.me())?.id).toBe(user.id);
      expect(await phone.me()).toBeNull();
    });
  });

  describe('a password change or reset signs the account out everywhere else', () => {
    const SIGN_IN_REQUIRED = { status: 401, body: { message: 'Please sign in to continue.' } };
    const sessionKey = (browser: AccountBrowser) => `sess:${browser.cookies.get(SESSION_COOKIE)}`;
    const profileStatus = async (browser: AccountBrowser) => (await browser.call('GET', '/api/profile')).status;

    async function signedInTwice(user: TestUser, remember = false): Promise<[AccountBrowser, AccountBrowser]> {
      const a = await visitor(platform);
      const b = await visitor(platform);
      for (const browser of [a, b]) expect((await browser.signIn(user.email, user.password, remember)).status).toBe(200);
      return [a, b];
    }

    async function changePassword(browser: AccountBrowser, user: TestUser): Promise<void> {
      const answer = await browser.call('PATCH', '/profile/password', { current_password: user.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(answer).toEqual(expect.objectContaining({ status: 200, body: { message: AccountMessages.passwordChanged } }));
    }

    async function resetPassword(user: TestUser): Promise<void> {
      const browser = await visitor(platform);
      await browser.call('POST', '/password/email', { email: user.email });
      const link = await lastLinkToken(platform, 'user.password_reset_requested', user.id, 'resetUrl');
      const answer = await browser.call('POST', '/password/reset', {
        token: resetTokenOf(link),
        email: user.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(answer.status).toBe(200);
    }

    it('stores the session generation at sign-in', async () => {
      const [browser] = await signedInTwice(await createUser(platform));
      expect(await redis.hget(sessionKey(browser), 'sessionVersion')).toBe('1');
    });

    it('a change in session A keeps A signed in and signs B out: B answers as a visitor from its next request on', async () => {
      const user = await createUser(platform);
      const [a, b] = await signedInTwice(user);
      const bSession = sessionKey(b);
      await changePassword(a, user);

      expect(await redis.hget(sessionKey(a), 'sessionVersion')).toBe('2');
      expect((await a.me())?.id).toBe(user.id);
      expect(await profileStatus(a)).toBe(200);
      expect((await a.call('PATCH', '/profile/update-newsletter-consent', { opt_in: 0 })).status).toBe(200);

      expect(await b.call('GET', '/api/profile')).toEqual(expect.objectContaining(SIGN_IN_REQUIRED));
      expect(await redis.exists(bSession)).toBe(0);
      expect(await b.me()).toBeNull();
      // Signing in again with the new password works as before.
      expect((await b.signIn(user.email, NEW_PASSWORD)).status).toBe(200);
      expect(await profileStatus(b)).toBe(200);
    });

    it('a change ends the remember-me token of B, even one still in its rotation grace period', async () => {
      const user = await createUser(platform);
      const [a, b] = await signedInTwice(user, true);
      // B comes back after 24 h: its token is exchanged, and the old one lives on for the grace period.
      const inGrace = b.cookies.get(REMEMBER_COOKIE)!;
      await redis.del(sessionKey(b));
      expect((await b.me())?.id).toBe(user.id);
      const current = b.cookies.get(REMEMBER_COOKIE)!;

      await changePassword(a, user);

      for (const token of [current, inGrace]) {
        const replay = new AccountBrowser(platform.url);
        replay.cookies.set(REMEMBER_COOKIE, token);
        expect(await replay.me()).toBeNull();
      }
      expect(await b.me()).toBeNull();
      expect((await a.me())?.id).toBe(user.id);
    });

    it('a reset by token signs out every session of the account, and its remember-me tokens', async () => {
      const user = await createUser(platform);
      const [a, b] = await signedInTwice(user, true);
      const token = b.cookies.get(REMEMBER_COOKIE)!;
      await resetPassword(user);

      expect(await a.call('GET', '/api/profile')).toEqual(expect.objectContaining(SIGN_IN_REQUIRED));
      expect(await a.me()).toBeNull();
      expect(await b.me()).toBeNull();
      const replay = new AccountBrowser(platform.url);
      replay.cookies.set(REMEMBER_COOKIE, token);
      expect(await replay.me()).toBeNull();
      expect((await a.signIn(user.email, NEW_PASSWORD)).status).toBe(200);
      expect(await profileStatus(a)).toBe(200);
    });

    it('a reset from a session of the same account signs that one out too', async () => {
      const user = await createUser(platform);
      const [a] = await signedInTwice(user);
      await (await visitor(platform)).call('POST', '/password/email', { email: user.email });
      const link = await lastLinkToken(platform, 'user.password_reset_requested', user.id, 'resetUrl');
      const reset = { token: resetTokenOf(link), email: user.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
      expect((await a.call('POST', '/password/reset', reset)).status).toBe(200);
      expect(await a.me()).toBeNull();
    });

    it('sessions and remember-me tokens stored before generations existed count as the first one', async () => {
      const user = await createUser(platform);
      const [a, b] = await signedInTwice(user, true);
      await redis.hdel(sessionKey(a), 'sessionVersion');
      expect((await a.me())?.id).toBe(user.id);
      expect(await profileStatus(a)).toBe(200);

      // A token holding the user id alone restores a session of the first generation.
      const token = b.cookies.get(REMEMBER_COOKIE)!;
      await redis.set(rememberKey(token), user.id);
      await redis.del(sessionKey(b));
      expect((await b.me())?.id).toBe(user.id);
      expect(await redis.hget(sessionKey(b), 'sessionVersion')).toBe('1');

      // Once the password changed, such an old session is an older generation like any other.
      const c = await visitor(platform);
      await c.signIn(user.email, user.password);
      await changePassword(c, user);
      await redis.hdel(sessionKey(b), 'sessionVersion');
      expect(await b.me()).toBeNull();
      expect((await c.me())?.id).toBe(user.id);
    });
  });

  describe('the visitor cart at sign-in', () => {
    it('merges into the user\'s cart through the gateway, and stays reachable under the new session id', async () => {
      const user = await createUser(platform);
      // The user already has a cart from another device.
      const other = await visitor(platform);
      await other.signIn(user.email, user.password);
      await other.call('POST', '/api/cart/add', { product_id: 201, quantity: 1 });

      const browser = await visitor(platform);
      await browser.call('POST', '/api/cart/add', { product_id: 107, quantity: 2 });
      expect((await browser.signIn(user.email, user.password)).status).toBe(200);
      const lines = (await cart(browser)).data.map((line) => [line.id, line.quantity]).sort();
      expect(lines).toEqual([[107, 2], [201, 1]]);
      // It is the user's one cart: the other device sees the same lines.
      expect((await cart(other)).data).toHaveLength(2);
    });
  });

  describe('POST /register', () => {
    it('registers, signs the user in (new session id) and answers { message, redirect } with /profile by default', async () => {
      const browser = await visitor(platform);
      const before = browser.cookies.get(SESSION_COOKIE);
      const form = studentForm();
      const answer = await browser.call('POST', '/register', form);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: AccountMessages.registered, redirect: '/profile' });
      expect(browser.cookies.get(SESSION_COOKIE)).not.toBe(before);
      expect(await browser.me()).toEqual(expect.objectContaining({ email: form.email, roles: ['student'], email_verified: false }));
    });

    it('keeps a safe redirect and drops one to another site', async () => {
      const safe = await (await visitor(platform)).call('POST', '/register', { ...studentForm(), redirect: '/cart' });
      expect(safe.body.redirect).toBe('/cart');
      const offsite = await (await visitor(platform)).call('POST', '/register', { ...studentForm(), redirect: '//evil.example' });
      expect(offsite.body.redirect).toBe('/profile');
    });

    it('makes a company account with the company fields when is_corporate is ticked', async () => {
      const browser = await visitor(platform);
      const answer = await browser.call('POST', '/register', {
        ...studentForm(),
        is_corporate: 'on',
        company_name: 'Baltic Aero Technics',
        company_code: 'BAT-1',
        vat_number: 'LT100001234567',
        company_country: 'LT',
        city: 'Vilnius',
        address: 'Rodūnios kelias 2',
        zip: 'LT-02189',
      });
      expect(answer.status).toBe(200);
      expect(await browser.me()).toEqual(expect.objectContaining({ type: 'company', roles: ['company'], company_name: 'Baltic Aero Technics' }));
    });

    it('brings the visitor cart along into the new account', async () => {
      const browser = await visitor(platform);
      await browser.call('POST', '/api/cart/add', { product_id: 107, quantity: 3 });
      expect((await browser.call('POST', '/register', studentForm())).status).toBe(200);
      expect((await cart(browser)).data.map((line) => [line.id, line.quantity])).toEqual([[107, 3]]);
    });

    const longText = 'x'.repeat(101);
    it.each<[string, Record<string, unknown>, Record<string, string>]>([
      ['missing fields', { nick: '', first_name: undefined }, { nick: AccountMessages.required('nick'), first_name: AccountMessages.required('first name') }],
      ['too-long text', { last_name: longText, nick: 'n'.repeat(51) }, { last_name: AccountMessages.maxLength('last name', 100), nick: AccountMessages.maxLength('nick', 50) }],
      ['a bad e-mail', { email: 'lena@' }, { email: AccountMessages.invalidEmail('email') }],
      ['a password mismatch', { password_confirmation: 'Hangar2027' }, { password_confirmation: AccountMessages.passwordConfirmation }],
      ['a weak password', { password: 'short', password_confirmation: 'short' }, { password: AccountMessages.minLength('password', 8) }],
      ['terms not accepted', { terms_and_conditions: '0' }, { terms_and_conditions: AccountMessages.termsRequired }],
      ['an unknown account type', { type: 'pilot' }, { type: AccountMessages.invalidChoice('type') }],
      ['a corporate account without its company fields', { is_corporate: '1' }, { company_name: AccountMessages.required('company name'), zip: AccountMessages.required('zip code') }],
    ])('answers %s with 422 field errors (the service\'s messages)', async (_case, overrides, expected) => {
      const browser = await visitor(platform);
      const answer = await browser.call<{ message: string; errors: Record<string, string[]> }>('POST', '/register', { ...studentForm(), ...overrides });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(AccountMessages.formInvalid);
      for (const [field, message] of Object.entries(expected)) expect(answer.body.errors[field]?.[0]).toBe(message);
      expect(await browser.me()).toBeNull();
    });

    it('answers an unknown company country with 422 under company_country (from the service)', async () => {
      const answer = await (await visitor(platform)).call<{ errors: Record<string, string[]> }>('POST', '/register', {
        ...studentForm(),
        is_corporate: true,
        company_name: 'Atlantis Aero',
        company_country: 'XX',
        city: 'Poseidonia',
        address: 'Harbour 1',
        zip: '00001',
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ company_country: [AccountMessages.invalidChoice('company country')] });
    });

    it('answers a taken e-mail with 422 under email, and refuses unknown fields', async () => {
      const taken = await (await visitor(platform)).call('POST', '/register', studentForm({ email: DEMO_ACCOUNTS.student.email }));
      expect(taken.status).toBe(422);
      expect(taken.body.errors).toEqual({ email: [AccountMessages.emailTaken] });
      const extra = await (await visitor(platform)).call('POST', '/register', { ...studentForm(), roles: ['administrator'] });
      expect(extra.status).toBe(422);
      expect(Object.keys(extra.body.errors as object)).toEqual(['roles']);
    });

    it('is for visitors: a signed-in user is refused with 403', async () => {
      const browser = await visitor(platform);
      await browser.signIn(DEMO_ACCOUNTS.student.email, DEMO_PASSWORD);
      const answer = await browser.call('POST', '/register', studentForm());
      expect(answer).toEqual(expect.objectContaining({ status: 403, body: { message: 'You are not allowed to do this.' } }));
    });

    it('needs the CSRF header (419)', async () => {
      const browser = await visitor(platform);
      expect((await browser.request('POST', '/register', { body: studentForm() })).status).toBe(419);
    });

    it('allows 10 registrations per address within 10 minutes, then 429 with the seconds', async () => {
      const address = newAddress();
      for (let i = 0; i < 10; i++) {
        expect((await (await visitor(platform, address)).call('POST', '/register', { nick: '' })).status).toBe(422);
      }
      const blocked = await (await visitor(platform, address)).call('POST', '/register', studentForm());
      expect(blocked.status).toBe(429);
      const seconds = Number(blocked.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(540);
      expect(seconds).toBeLessThanOrEqual(600);
      expect(blocked.body.message).toBe(`Too Many Requests. Retry in ${seconds} seconds.`);
    });
  });
});
