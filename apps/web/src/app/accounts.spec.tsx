import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  billingFixture,
  COUNTRIES_FIXTURE,
  EMPTY_CART_FIXTURE,
  mockFetch,
  profileFixture,
  renderWithProviders,
  userFixture,
  type FetchAnswer,
  type FetchMock,
} from '@aero/web-shared-testing';
import { cookieNames, deleteCookie } from '@aero/web-site-data-access';
import { appRoutes } from './routes.js';

const labelled = (label: string) => new RegExp(`^${label}\\*?$`);

describe('account and site journeys (app shell and routes)', () => {
  let fetchMock: FetchMock;
  afterEach(() => {
    fetchMock.restore();
    for (const name of cookieNames()) deleteCookie(name);
  });

  function renderApp(route: string, answers: Record<string, FetchAnswer> = {}) {
    fetchMock = mockFetch({
      'GET /api/cart': { body: EMPTY_CART_FIXTURE },
      '/api/products': { body: { data: [] } },
      '/countries/all': { body: { data: COUNTRIES_FIXTURE } },
      '/api/announcements/current': { body: { data: null } },
      '/api/newsletters/bonus-popup': { body: { show: false } },
      'POST /cookie-consent': { body: { message: 'Your cookie preferences have been saved.' } },
      ...answers,
    });
    return renderWithProviders(null, { routes: appRoutes, route });
  }

  it('a visitor answers the cookie banner, registers from the menu, lands on the profile and sees their name in the menu', async () => {
    const user = userFixture();
    let signedIn = false;
    const { router } = renderApp('/', {
      '/api/me': () => ({ body: { data: signedIn ? user : null } }),
      '/api/profile': { body: { data: profileFixture(user) } },
      '/api/profile/billing': { body: { data: billingFixture() } },
      'POST /register': () => {
        signedIn = true;
        return { body: { message: 'Your account has been created. Please check your e-mail to verify your address.', redirect: '/profile' } };
      },
    });
    const banner = await screen.findByRole('region', { name: 'We use cookies' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Accept only necessary' }));
    expect(screen.queryByRole('region', { name: 'We use cookies' })).toBeNull();

    fireEvent.click(await screen.findByRole('link', { name: 'Register' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration' })).toBeTruthy();
    for (const [label, value] of [
      ['Nick', 'anna'],
      ['First name', 'Anna'],
      ['Last name', 'Berg'],
      ['E-mail', 'anna@example.com'],
      ['Password', 'Hangar2026'],
      ['Confirm password', 'Hangar2026'],
    ]) {
      fireEvent.change(screen.getByLabelText(labelled(label), { selector: 'input' }), { target: { value } });
    }
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('region', { name: 'Billing information' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByRole('link', { name: 'Anna Berg' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(fetchMock.callsTo('POST', '/register')[0].body).toMatchObject({ necessary_cookies_consent: true, statistics_cookies_consent: false });
  });

  it('the classroom-training page, opened at #get-in-touch, sends the contact form and thanks the visitor', async () => {
    document.cookie = 'necessary_cookies_consent=1; path=/';
    Element.prototype.scrollIntoView = () => undefined;
    renderApp('/classroom-training#get-in-touch', {
      '/api/me': { body: { data: null } },
      'POST /classroom-training/contact-us': { body: { message: 'Thank you.' } },
    });
    const section = await screen.findByRole('region', { name: 'Get in Touch' });
    const type = (label: string, value: string) => fireEvent.change(within(section).getByLabelText(labelled(label)), { target: { value } });
    type('Name', 'Lars Nilsen');
    type('E-mail', 'lars@nordicline.example');
    type('Courses of interest', 'Part-66 B1 modules 7 and 9');
    fireEvent.change(within(section).getByRole('combobox', { name: /Country of residence/ }), { target: { value: 'Norway' } });
    fireEvent.click(await within(section).findByRole('option', { name: 'Norway' }));
    fireEvent.click(within(section).getByRole('checkbox', { name: "I'm not a robot" }));
    fireEvent.click(within(section).getByRole('button', { name: 'Send a quote' }));
    expect((await within(section).findByRole('status')).textContent).toBe(
      "Thanks for contacting us! We've received your request and will respond as soon as possible.",
    );
    expect(screen.queryByRole('region', { name: 'We use cookies' })).toBeNull();
  });
});
