import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cartApi } from '@aero/web-cart-data-access';
import { selectFlashMessages, selectOverlayActive, type AppStore } from '@aero/web-shared-store';
import { cartLine, cartView, EMPTY_CART_FIXTURE, mockFetch, renderWithProviders, userFixture, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { EmailVerifyPage } from './email-verify-page.js';
import { LoginPage } from './login-page.js';
import { PasswordResetPage, PasswordResetRequestPage } from './password-reset-pages.js';
import { TermsAcceptPage } from './terms-accept-page.js';

const flashes = (store: AppStore) => selectFlashMessages(store.getState()).map((message) => [message.kind, message.text]);
const labelled = (label: string) => new RegExp(`^${label}\\*?$`);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(labelled(label)), { target: { value } });

const ROUTES = [
  { path: '/login', element: <LoginPage /> },
  { path: '/email/verify', element: <EmailVerifyPage /> },
  { path: '/password/reset', element: <PasswordResetRequestPage /> },
  { path: '/password/reset/:token', element: <PasswordResetPage /> },
  { path: '/terms/accept', element: <TermsAcceptPage /> },
  { path: '/', element: <h1>Home</h1> },
  { path: '/profile', element: <h1>Profile</h1> },
  { path: '/my-courses', element: <h1>My courses</h1> },
  { path: '/cart/credentials', element: <h1>Checkout</h1> },
];

describe('account screens', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function renderAt(route: string, answers: Record<string, FetchAnswer> = {}) {
    fetchMock = mockFetch({ '/api/me': { body: { data: null } }, ...answers });
    return renderWithProviders(null, { routes: ROUTES, route });
  }

  describe('LoginPage (learning §2, §8)', () => {
    const signIn = (email = 'anna@example.com', password = 'Hangar2026') => {
      type('E-mail', email);
      type('Password', password);
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    };

    it('posts e-mail, password and remember me, then goes to ?redirect= with the user known (Me)', async () => {
      const user = userFixture();
      let signedIn = false;
      const { router, store } = renderAt('/login?redirect=%2Fmy-courses', {
        '/api/me': () => ({ body: { data: signedIn ? user : null } }),
        'POST /login': () => {
          signedIn = true;
          return { body: { data: user, redirect: '/' } };
        },
      });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
      signIn();
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-courses'));
      expect(fetchMock.callsTo('POST', '/login')[0].body).toEqual({ email: 'anna@example.com', password: 'Hangar2026', remember: true });
      expect(store.getState().api.queries['getMe(undefined)']?.data).toEqual(user);
    });

    it('without ?redirect= follows the answer’s redirect', async () => {
      const { router } = renderAt('/login', { 'POST /login': { body: { data: userFixture(), redirect: '/profile' } } });
      signIn();
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    });

    it('keeps ?redirect= on its Register link, so registering from the checkout returns to the checkout', () => {
      renderAt('/login?redirect=%2Fcart%2Fcredentials');
      expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register?redirect=%2Fcart%2Fcredentials');
    });

    it('links Register without a redirect when there is none or it leads off the site', () => {
      renderAt('/login?redirect=https%3A%2F%2Fevil.example%2F');
      expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    });

    it("shows 'Credentials do not match.' under the e-mail", async () => {
      renderAt('/login', { 'POST /login': { status: 422, body: { message: 'The form contains errors.', errors: { email: ['Credentials do not match.'] } } } });
      signIn();
      expect(await screen.findByText('Credentials do not match.')).toBeTruthy();
      expect(screen.getByLabelText(labelled('E-mail')).getAttribute('aria-invalid')).toBe('true');
    });

    it('shows the 429 message with the seconds to wait', async () => {
      renderAt('/login', { 'POST /login': { status: 429, body: { message: 'Too many attempts, retry in 52 seconds.' } } });
      signIn();
      expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, retry in 52 seconds.');
    });

    it('signing in refetches the cart: the visitor’s cart merged into the user’s', async () => {
      let signedIn = false;
      const { store } = renderAt('/login', {
        'GET /api/cart': () => ({ body: signedIn ? cartView([cartLine(201, 1), cartLine(301, 2)]) : EMPTY_CART_FIXTURE }),
        'POST /login': () => {
          signedIn = true;
          return { body: { data: userFixture(), redirect: '/' } };
        },
      });
      const subscription = store.dispatch(cartApi.endpoints.getCart.initiate());
      await subscription;
      signIn();
      await waitFor(() => expect(fetchMock.callsTo('GET', '/api/cart')).toHaveLength(2));
      await waitFor(() => expect(cartApi.endpoints.getCart.select()(store.getState()).data?.meta.items_count).toBe(3));
      subscription.unsubscribe();
    });
  });

  describe('EmailVerifyPage (learning §2)', () => {
    it('posts the token once and shows the answer', async () => {
      renderAt('/email/verify?token=abc.def', { 'POST /email/verify': { body: { message: 'Your e-mail address has been verified.' } } });
      expect(screen.getByRole('heading', { level: 1, name: 'E-mail verification' })).toBeTruthy();
      expect((await screen.findByRole('status', {}, { timeout: 2000 })).textContent).toMatch(/Verifying|verified/);
      await screen.findByText('Your e-mail address has been verified.');
      expect(fetchMock.callsTo('POST', '/email/verify')).toEqual([expect.objectContaining({ body: { token: 'abc.def' } })]);
    });

    it('shows the refusal and offers a new link to a signed-in user whose address is not verified', async () => {
      renderAt('/email/verify?token=old', {
        '/api/me': { body: { data: userFixture({ email_verified: false }) } },
        'POST /email/verify': { status: 422, body: { message: 'The form contains errors.', errors: { token: ['This verification link has expired. Please request a new one.'] } } },
        'POST /email/verification-notification': { body: { message: 'A new verification link has been sent to your e-mail address.' } },
      });
      expect((await screen.findByRole('alert')).textContent).toBe('This verification link has expired. Please request a new one.');
      fireEvent.click(await screen.findByRole('button', { name: 'Send a new verification link' }));
      expect(await screen.findByText('A new verification link has been sent to your e-mail address.')).toBeTruthy();
    });

    it('goes back to the page the registration came from (the checkout) once verified, the answer as a flash', async () => {
      const { router, store } = renderAt('/email/verify?token=abc.def&redirect=%2Fcart%2Fcredentials', {
        'POST /email/verify': { body: { message: 'Your e-mail address has been verified.' } },
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/cart/credentials'));
      expect(flashes(store)).toEqual([['success', 'Your e-mail address has been verified.']]);
      expect(fetchMock.callsTo('POST', '/email/verify')).toHaveLength(1);
    });

    it('stays on the page with the refusal when the link fails, whatever its redirect', async () => {
      const { router } = renderAt('/email/verify?token=old&redirect=%2Fcart%2Fcredentials', {
        'POST /email/verify': { status: 422, body: { message: 'The form contains errors.', errors: { token: ['This verification link has expired. Please request a new one.'] } } },
      });
      expect((await screen.findByRole('alert')).textContent).toBe('This verification link has expired. Please request a new one.');
      expect(router.state.location.pathname).toBe('/email/verify');
    });

    it('offers no resend button to visitors', async () => {
      renderAt('/email/verify');
      await waitFor(() => expect(fetchMock.callsTo('GET', '/api/me')).toHaveLength(1));
      expect(screen.getByText('We sent you an e-mail with a verification link. Open it to verify your address.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Send a new verification link' })).toBeNull();
      expect(fetchMock.callsTo('POST', '/email/verify')).toHaveLength(0);
    });
  });

  describe('password reset (learning §2, §8)', () => {
    it('asks for the e-mail and shows the answer; an unknown address comes back under the field', async () => {
      let known = false;
      renderAt('/password/reset', {
        'POST /password/email': () =>
          known
            ? { body: { message: 'We have e-mailed your password reset link.' } }
            : { status: 422, body: { message: 'x', errors: { email: ["We can't find a user with that email address."] } } },
      });
      expect(screen.getByRole('heading', { level: 1, name: 'Password reset' })).toBeTruthy();
      type('E-mail', 'nobody@example.com');
      fireEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
      expect(await screen.findByText("We can't find a user with that email address.")).toBeTruthy();

      known = true;
      type('E-mail', 'anna@example.com');
      fireEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
      expect((await screen.findByRole('status')).textContent).toBe('We have e-mailed your password reset link.');
      expect(fetchMock.callsTo('POST', '/password/email').at(-1)!.body).toEqual({ email: 'anna@example.com' });
    });

    it('sets the new password with the token and e-mail of the link, then goes to /login with the message', async () => {
      const { router, store } = renderAt('/password/reset/tok-123?email=anna%40example.com', {
        'POST /password/reset': { body: { message: 'Your password has been reset.', redirect: '/login' } },
      });
      expect(screen.getByLabelText<HTMLInputElement>(labelled('E-mail')).value).toBe('anna@example.com');
      type('New password', 'Hangar2027');
      type('Confirm password', 'Hangar2027');
      fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(fetchMock.callsTo('POST', '/password/reset')[0].body).toEqual({
        token: 'tok-123',
        email: 'anna@example.com',
        password: 'Hangar2027',
        password_confirmation: 'Hangar2027',
      });
      expect(flashes(store)).toEqual([['success', 'Your password has been reset.']]);
    });

    it('opens the new-password form from a link with the token in the query (links e-mailed before), and resets with that token', async () => {
      const { router } = renderAt('/password/reset?token=tok.456&email=anna%40example.com', {
        'POST /password/reset': { body: { message: 'Your password has been reset.', redirect: '/login' } },
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/password/reset/tok.456'));
      expect(router.state.location.search).toBe('?email=anna%40example.com');
      expect(screen.queryByRole('button', { name: 'Send the reset link' })).toBeNull();
      expect(screen.getByLabelText<HTMLInputElement>(labelled('E-mail')).value).toBe('anna@example.com');
      type('New password', 'Hangar2027');
      type('Confirm password', 'Hangar2027');
      fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(fetchMock.callsTo('POST', '/password/reset')[0].body).toEqual(expect.objectContaining({ token: 'tok.456', email: 'anna@example.com' }));
    });

    it("shows 'This password reset token is invalid.' under the e-mail", async () => {
      renderAt('/password/reset/bad?email=anna%40example.com', {
        'POST /password/reset': { status: 422, body: { message: 'x', errors: { email: ['This password reset token is invalid.'] } } },
      });
      type('New password', 'Hangar2027');
      type('Confirm password', 'Hangar2027');
      fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
      expect(await screen.findByText('This password reset token is invalid.')).toBeTruthy();
    });
  });

  describe('TermsAcceptPage (shop §2, §8)', () => {
    const TERMS = { data: { body: '<h2>1. Scope</h2><p>These terms apply to every order.</p>', version: '2024-08-19' } };

    it('shows the terms body, posts the acceptance and goes to ?redirect=', async () => {
      const { router } = renderAt('/terms/accept?redirect=%2Fmy-courses', {
        '/api/terms': { body: TERMS },
        'POST /terms/accept': { body: { message: 'Thank you for accepting the terms and conditions.', redirect: '/my-courses' } },
      });
      expect(await screen.findByText('These terms apply to every order.')).toBeTruthy();
      fireEvent.click(screen.getByRole('checkbox', { name: /I have read and accept the terms and conditions/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-courses'));
      expect(fetchMock.callsTo('POST', '/terms/accept')[0].body).toEqual({ terms_and_conditions: true, redirect: '/my-courses' });
    });

    it('goes to / by default', async () => {
      const { router } = renderAt('/terms/accept', { '/api/terms': { body: TERMS }, 'POST /terms/accept': { body: { message: 'ok' } } });
      await screen.findByText('These terms apply to every order.');
      fireEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    });

    it('a refusal shows the field message, flashes registration.flash_error and removes the overlay', async () => {
      const { store } = renderAt('/terms/accept', {
        '/api/terms': { body: TERMS },
        'POST /terms/accept': { status: 422, body: { message: 'x', errors: { terms_and_conditions: ['You must accept the terms and conditions.'] } } },
      });
      await screen.findByText('These terms apply to every order.');
      fireEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
      const form = screen.getByRole('button', { name: 'Accept and continue' }).closest('form')!;
      expect(await within(form).findByText('You must accept the terms and conditions.')).toBeTruthy();
      expect(flashes(store)).toEqual([['error', 'Registration failed. Please check the form and try again.']]);
      expect(selectOverlayActive(store.getState())).toBe(false);
    });
  });
});
