import {
  AccountMessages,
  AccountsRpc,
  CURRENT_TERMS_VERSION,
  DEMO_ACCOUNTS,
  ProfileRpc,
  type UserEmailVerificationRequested,
  type UserPasswordChanged,
  type UserPasswordResetRequested,
} from '@aero/contracts';
import { prefixed } from '@aero/backend-messaging';
import { actingAs, inSession, testKit } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { AccountsConfig } from '../src/common/accounts-config.js';
import { TokenSigner } from '../src/common/token-signer.js';
import {
  DEMO_PASSWORD,
  GOOD_PASSWORD,
  latestVerificationToken,
  outboxEvents,
  publishedEvent,
  register,
  rejection,
  startAccounts,
  resetTokenOf,
  tokenOf,
  unique,
} from './support/accounts-test-kit.js';

describe('sign-in, e-mail verification, password reset and terms', () => {
  const kit = testKit(startAccounts);

  const credentialsError = { email: [AccountMessages.credentialsDoNotMatch] };

  describe('Authenticate', () => {
    it('answers the user (id, e-mail, names, roles, type, company, verification, status) for the right password', async () => {
      const { data } = await register(kit);
      const result = await kit.rpc.call(AccountsRpc.Authenticate, { email: data.email.toUpperCase(), password: GOOD_PASSWORD });
      expect(result.cart_merged).toBe(false);
      expect(result.data).toEqual(
        expect.objectContaining({
          id: data.id,
          email: data.email,
          first_name: 'Lena',
          last_name: 'Berg',
          roles: ['student'],
          type: 'student',
          company_id: null,
          email_verified: false,
          status: 'active',
        }),
      );
      expect(JSON.stringify(result)).not.toMatch(/argon2|password/i);
    });

    it('signs in the demo company admin with the demo password and reports the company', async () => {
      const result = await kit.rpc.call(AccountsRpc.Authenticate, { email: DEMO_ACCOUNTS.companyAdmin.email, password: DEMO_PASSWORD });
      expect(result.data).toEqual(
        expect.objectContaining({ id: DEMO_ACCOUNTS.companyAdmin.id, roles: ['company'], company_name: 'Nordic Line Maintenance', email_verified: true }),
      );
    });

    it('answers 422 "Credentials do not match." under email for a wrong password, an unknown e-mail or missing fields', async () => {
      const { data } = await register(kit);
      const cases = [
        { email: data.email, password: 'Hangar2027' },
        { email: data.email, password: GOOD_PASSWORD.toLowerCase() },
        { email: `${unique()}@example.com`, password: GOOD_PASSWORD },
        { email: '', password: '' },
        { email: data.email, password: undefined as unknown as string },
      ];
      for (const request of cases) {
        const payload = await rejection(kit.rpc.call(AccountsRpc.Authenticate, request));
        expect(payload).toEqual(expect.objectContaining({ status: 422, message: AccountMessages.credentialsDoNotMatch, errors: credentialsError }));
      }
    });

    it('merges the visitor cart into the user cart through catalog-cart when a session id is given', async () => {
      const { data } = await register(kit);
      const received: unknown[] = [];
      const subscription = kit.service.infra.nats.subscribe(prefixed(kit.env.natsPrefix, 'catalog-cart.cart.merge'), {
        callback: (_error, msg) => {
          const packet = msg.json<{ id: string; data: unknown }>();
          received.push(packet.data);
          msg.respond(JSON.stringify({ response: { data: [], meta: {} }, isDisposed: true, id: packet.id }));
        },
      });
      try {
        const result = await inSession('visitor-session-1', null, () => kit.rpc.call(AccountsRpc.Authenticate, { email: data.email, password: GOOD_PASSWORD }));
        expect(result.cart_merged).toBe(true);
        expect(received).toEqual([{ sessionId: 'visitor-session-1', userId: data.id }]);
      } finally {
        subscription.unsubscribe();
      }
    });

    it('still signs in when catalog-cart does not answer the merge', async () => {
      const { data } = await register(kit);
      const result = await inSession('visitor-session-2', null, () => kit.rpc.call(AccountsRpc.Authenticate, { email: data.email, password: GOOD_PASSWORD }));
      expect(result).toEqual(expect.objectContaining({ cart_merged: false, data: expect.objectContaining({ id: data.id }) }));
    });
  });

  describe('GetUser (/api/me)', () => {
    it('answers the user for the session user id, and null for an unknown or malformed id', async () => {
      const { data } = await register(kit);
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: data.id })).data?.email).toBe(data.email);
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: '00000000-0000-4000-8000-000000000000' })).data).toBeNull();
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: "1' OR '1'='1" })).data).toBeNull();
    });
  });

  describe('e-mail verification', () => {
    it('verifies the address with the e-mailed link and publishes user.email_verified once', async () => {
      const { data } = await register(kit);
      const token = await latestVerificationToken(kit, data.id);
      const result = await kit.rpc.call(AccountsRpc.VerifyEmail, { token });
      expect(result.message).toBe(AccountMessages.verified);
      expect(result.data.email_verified).toBe(true);
      await publishedEvent(kit, 'user.email_verified', { userId: data.id });
      expect(await outboxEvents(kit, 'user.email_verified', { userId: data.id })).toHaveLength(1);
    });

    it('refuses a link used twice', async () => {
      const { data } = await register(kit);
      const token = await latestVerificationToken(kit, data.id);
      await kit.rpc.call(AccountsRpc.VerifyEmail, { token });
      const payload = await rejection(kit.rpc.call(AccountsRpc.VerifyEmail, { token }));
      expect(payload).toEqual(expect.objectContaining({ status: 422, errors: { token: [AccountMessages.verificationUsed] } }));
    });

    it('refuses a tampered, truncated or foreign-purpose token as invalid', async () => {
      const { data } = await register(kit);
      const token = await latestVerificationToken(kit, data.id);
      const [payloadPart, signature] = token.split('.');
      const forged = `${payloadPart}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      const signer = new TokenSigner(kit.service.app.get(AccountsConfig).tokenSecret);
      const resetToken = signer.sign({ purpose: 'reset_password', tokenId: crypto.randomUUID(), userId: data.id, expiresAt: new Date(Date.now() + 60_000) });
      for (const bad of [forged, token.slice(0, 20), '', 'garbage', resetToken]) {
        const payload = await rejection(kit.rpc.call(AccountsRpc.VerifyEmail, { token: bad }));
        expect(payload.errors).toEqual({ token: [AccountMessages.verificationInvalid] });
      }
    });

    it('refuses an expired link', async () => {
      const { data } = await register(kit);
      const token = await latestVerificationToken(kit, data.id);
      await kit.service.infra.dataSource.query(
        `UPDATE accounts_invitations.account_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
        [data.id],
      );
      const payload = await rejection(kit.rpc.call(AccountsRpc.VerifyEmail, { token }));
      expect(payload.errors).toEqual({ token: [AccountMessages.verificationExpired] });
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: data.id })).data?.email_verified).toBe(false);
    });

    it('refuses a token signed with another secret', async () => {
      const { data } = await register(kit);
      const other = new TokenSigner('another-secret-that-is-long-enough-0123456789');
      const token = other.sign({ purpose: 'verify_email', tokenId: crypto.randomUUID(), userId: data.id, expiresAt: new Date(Date.now() + 60_000) });
      const payload = await rejection(kit.rpc.call(AccountsRpc.VerifyEmail, { token }));
      expect(payload.errors).toEqual({ token: [AccountMessages.verificationInvalid] });
    });

    it('resending publishes a new verification e-mail whose link works', async () => {
      const { data } = await register(kit);
      const result = await actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.ResendVerification, {}));
      expect(result.message).toBe(AccountMessages.verificationResent);
      const row = await publishedEvent<UserEmailVerificationRequested>(kit, 'user.email_verification_requested', { userId: data.id });
      expect(row.payload.data.email).toBe(data.email);
      const verified = await kit.rpc.call(AccountsRpc.VerifyEmail, { token: tokenOf(row.payload.data.verificationUrl) });
      expect(verified.data.email_verified).toBe(true);
    });

    it('refuses to resend for a verified address or an unknown actor', async () => {
      const verified = await rejection(actingAs({ userId: DEMO_ACCOUNTS.student.id }, () => kit.rpc.call(AccountsRpc.ResendVerification, {})));
      expect(verified.errors).toEqual({ email: [AccountMessages.alreadyVerified] });
      const unknown = await rejection(actingAs({ userId: '00000000-0000-4000-8000-000000000000' }, () => kit.rpc.call(AccountsRpc.ResendVerification, {})));
      expect(unknown.status).toBe(401);
    });
  });

  /** Asks for a reset link and answers its token (from the outbox event). */
  async function requestReset(email: string): Promise<string> {
    await kit.rpc.call(AccountsRpc.RequestPasswordReset, { email });
    const rows = await outboxEvents<UserPasswordResetRequested>(kit, 'user.password_reset_requested', { email });
    return resetTokenOf(rows[rows.length - 1].payload.data.resetUrl);
  }

  describe('password reset', () => {
    it('publishes user.password_reset_requested with a link to the new-password page, expiring in 60 minutes', async () => {
      const { data } = await register(kit);
      const result = await kit.rpc.call(AccountsRpc.RequestPasswordReset, { email: data.email.toUpperCase() });
      expect(result.message).toBe(AccountMessages.resetLinkSent);
      const row = await publishedEvent<UserPasswordResetRequested>(kit, 'user.password_reset_requested', { userId: data.id });
      const url = new URL(row.payload.data.resetUrl);
      // The web app's new-password route is /password/reset/:token (the request form is /password/reset).
      expect(url.origin).toBe('http://localhost:3000');
      expect(url.pathname).toMatch(/^\/password\/reset\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect([...url.searchParams.keys()]).toEqual(['email']);
      expect(url.searchParams.get('email')).toBe(data.email);
      const minutes = (Date.parse(row.payload.data.expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(58);
      expect(minutes).toBeLessThanOrEqual(60);
    });

    it('answers the spec\'s "user not found" for an unknown e-mail, and field errors for a missing or bad one', async () => {
      const unknown = await rejection(kit.rpc.call(AccountsRpc.RequestPasswordReset, { email: `${unique()}@example.com` }));
      expect(unknown).toEqual(expect.objectContaining({ status: 422, errors: { email: [AccountMessages.resetUserNotFound] } }));
      expect((await rejection(kit.rpc.call(AccountsRpc.RequestPasswordReset, { email: '' }))).errors).toEqual({ email: ['The email is required.'] });
      expect((await rejection(kit.rpc.call(AccountsRpc.RequestPasswordReset, { email: 'nope' }))).errors).toEqual({
        email: ['The email must be a valid email address.'],
      });
    });

    it('sets the new password from the link: the old one stops working, the new one signs in, user.password_changed is published', async () => {
      const { data } = await register(kit);
      const token = await requestReset(data.email);
      const result = await kit.rpc.call(AccountsRpc.ResetPassword, { token, email: data.email, password: 'Rudder2026', password_confirmation: 'Rudder2026' });
      expect(result.message).toBe(AccountMessages.passwordReset);
      expect(result.data.id).toBe(data.id);
      await rejection(kit.rpc.call(AccountsRpc.Authenticate, { email: data.email, password: GOOD_PASSWORD }));
      expect((await kit.rpc.call(AccountsRpc.Authenticate, { email: data.email, password: 'Rudder2026' })).data.id).toBe(data.id);
      const changed = await publishedEvent<UserPasswordChanged>(kit, 'user.password_changed', { userId: data.id });
      expect(changed.payload.data.reason).toBe('reset');
    });

    it('refuses a reused, an expired, a replaced and a forged token with the invalid-token family of messages', async () => {
      const { data } = await register(kit);
      const form = { email: data.email, password: 'Rudder2026', password_confirmation: 'Rudder2026' };
      const used = await requestReset(data.email);
      await kit.rpc.call(AccountsRpc.ResetPassword, { ...form, token: used });
      expect((await rejection(kit.rpc.call(AccountsRpc.ResetPassword, { ...form, token: used }))).errors).toEqual({
        email: [AccountMessages.resetTokenUsed],
      });

      const replaced = await requestReset(data.email);
      const current = await requestReset(data.email);
      expect((await rejection(kit.rpc.call(AccountsRpc.ResetPassword, { ...form, token: replaced }))).errors).toEqual({
        email: [AccountMessages.resetTokenInvalid],
      });

      await kit.service.infra.dataSource.query(
        `UPDATE accounts_invitations.account_tokens SET expires_at = now() - interval '1 second'
          WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL AND revoked_at IS NULL`,
        [data.id],
      );
      expect((await rejection(kit.rpc.call(AccountsRpc.ResetPassword, { ...form, token: current }))).errors).toEqual({
        email: [AccountMessages.resetTokenExpired],
      });

      const forged = await rejection(kit.rpc.call(AccountsRpc.ResetPassword, { ...form, token: 'abc.def' }));
      expect(forged).toEqual(expect.objectContaining({ status: 422, message: AccountMessages.resetTokenInvalid }));
    });

    it("refuses a token used with another user's e-mail, without burning it", async () => {
      const victim = await register(kit);
      const other = await register(kit);
      const token = await requestReset(victim.data.email);
      const payload = await rejection(
        kit.rpc.call(AccountsRpc.ResetPassword, { token, email: other.data.email, password: 'Rudder2026', password_confirmation: 'Rudder2026' }),
      );
      expect(payload.errors).toEqual({ email: [AccountMessages.resetTokenInvalid] });
      await kit.rpc.call(AccountsRpc.ResetPassword, { token, email: victim.data.email, password: 'Rudder2026', password_confirmation: 'Rudder2026' });
    });

    it('checks the new password rules before touching the token', async () => {
      const { data } = await register(kit);
      const token = await requestReset(data.email);
      const weak = await rejection(kit.rpc.call(AccountsRpc.ResetPassword, { token, email: data.email, password: 'weak', password_confirmation: 'other' }));
      expect(weak.errors).toEqual({
        password: [
          'The password must have at least 8 characters.',
          'The password must contain at least one number.',
          'The password must contain at least one uppercase letter.',
        ],
        password_confirmation: ['The password confirmation does not match.'],
      });
      await kit.rpc.call(AccountsRpc.ResetPassword, { token, email: data.email, password: 'Rudder2026', password_confirmation: 'Rudder2026' });
    });
  });

  describe('ChangePassword', () => {
    it('needs the current password and follows the password rules', async () => {
      const { data } = await register(kit);
      const wrong = await rejection(
        actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.ChangePassword, { current_password: 'Wrong2026', password: 'Rudder2026', password_confirmation: 'Rudder2026' })),
      );
      expect(wrong.errors).toEqual({ current_password: [AccountMessages.currentPasswordWrong] });
      const ok = await actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.ChangePassword, { current_password: GOOD_PASSWORD, password: 'Rudder2026', password_confirmation: 'Rudder2026' }));
      expect(ok.message).toBe(AccountMessages.passwordChanged);
      expect((await kit.rpc.call(AccountsRpc.Authenticate, { email: data.email, password: 'Rudder2026' })).data.id).toBe(data.id);
    });
  });

  describe('session generation (the gateway signs out sessions of an older one)', () => {
    const generation = async (userId: string) => (await kit.rpc.call(AccountsRpc.GetUser, { userId })).data!.session_version;
    const change = (actorId: string, current_password: string, password = 'Rudder2026', password_confirmation = password) =>
      actingAs({ userId: actorId }, () => kit.rpc.call(AccountsRpc.ChangePassword, { current_password, password, password_confirmation }));

    it('starts at 1 and is answered by Register, Authenticate and GetUser', async () => {
      const { data } = await register(kit);
      expect(data.session_version).toBe(1);
      expect((await kit.rpc.call(AccountsRpc.Authenticate, { email: data.email, password: GOOD_PASSWORD })).data.session_version).toBe(1);
      expect(await generation(data.id)).toBe(1);
    });

    it('goes one up with every password change, and ChangePassword answers the new one', async () => {
      const { data } = await register(kit);
      expect((await change(data.id, GOOD_PASSWORD, 'Rudder2026')).session_version).toBe(2);
      expect((await change(data.id, 'Rudder2026', 'Aileron2026')).session_version).toBe(3);
      expect(await generation(data.id)).toBe(3);
      expect((await kit.rpc.call(AccountsRpc.Authenticate, { email: data.email, password: 'Aileron2026' })).data.session_version).toBe(3);
    });

    it('stays when a change is refused (wrong current password, password rules)', async () => {
      const { data } = await register(kit);
      await rejection(change(data.id, 'Wrong2026'));
      await rejection(change(data.id, GOOD_PASSWORD, 'weak'));
      await rejection(change(data.id, GOOD_PASSWORD, 'Rudder2026', 'Rudder2027'));
      expect(await generation(data.id)).toBe(1);
    });

    it('goes one up with a password reset, and ResetPassword answers the user with it', async () => {
      const { data } = await register(kit);
      const form = { email: data.email, password: 'Rudder2026', password_confirmation: 'Rudder2026' };
      const token = await requestReset(data.email);
      expect((await kit.rpc.call(AccountsRpc.ResetPassword, { ...form, token })).data.session_version).toBe(2);
      // A used link changes nothing.
      await rejection(kit.rpc.call(AccountsRpc.ResetPassword, { ...form, token }));
      expect(await generation(data.id)).toBe(2);
    });

    it('stays through other profile and account updates', async () => {
      const { data } = await register(kit);
      await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UpdateAccount, { nick: `${data.nick}x`, first_name: 'Lina', last_name: 'Borg' }));
      await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.SavePersonalInfo, { birth_date: '1990-04-02', gender: 'female' }));
      await actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.AcceptTerms, { terms_and_conditions: '1' }));
      await actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.UpdateNewsletterConsent, { opt_in: 1 }));
      await kit.rpc.call(AccountsRpc.RequestPasswordReset, { email: data.email });
      await kit.rpc.call(AccountsRpc.Authenticate, { email: data.email, password: GOOD_PASSWORD });
      expect(await generation(data.id)).toBe(1);
    });
  });

  describe('AcceptTerms', () => {
    it('records the accepted version and time, and answers the redirect (default /)', async () => {
      const { data } = await register(kit);
      const result = await actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.AcceptTerms, { terms_and_conditions: true }));
      expect(result).toEqual(expect.objectContaining({ redirect: '/', terms_version: CURRENT_TERMS_VERSION, message: AccountMessages.termsAccepted }));
      const withRedirect = await actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.AcceptTerms, { terms_and_conditions: '1', redirect: '/my-courses' }));
      expect(withRedirect.redirect).toBe('/my-courses');
      const history: { version: string }[] = await kit.service.infra.dataSource.query(
        'SELECT version FROM accounts_invitations.terms_acceptances WHERE user_id = $1 ORDER BY id',
        [data.id],
      );
      expect(history).toHaveLength(3);
      const user = (await kit.rpc.call(AccountsRpc.GetUser, { userId: data.id })).data!;
      expect(user.terms_accepted_at).toBe(withRedirect.terms_accepted_at);
    });

    it('refuses an unticked box, and an older accepted version reports the terms as out of date', async () => {
      const { data } = await register(kit);
      const payload = await rejection(actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.AcceptTerms, { terms_and_conditions: '0' })));
      expect(payload.errors).toEqual({ terms_and_conditions: [AccountMessages.termsRequired] });
      await actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.AcceptTerms, { terms_and_conditions: '1', version: '2020-01-01' }));
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: data.id })).data?.terms_up_to_date).toBe(false);
    });
  });
});
