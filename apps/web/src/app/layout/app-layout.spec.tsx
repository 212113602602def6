import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { flashError, flashSuccess, makeStore, overlayDismissed, overlayShown } from '@aero/web-shared-store';
import { accountsApi } from '@aero/web-accounts-data-access';
import { companyAdminFixture, EMPTY_CART_FIXTURE, fakeTimersInEachTest, mockFetch, renderWithProviders, userFixture, type FetchMock } from '@aero/web-shared-testing';
import { FLASH_HIDE_AFTER_MS, LOADER_HIDE_DELAY_MS } from '@aero/web-shared-util';
import { AppLayout } from './app-layout.js';

function Broken(): never {
  throw new Error('render failure');
}

const shellRoutes = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <h1>Home</h1> },
      { path: 'boom', element: <Broken /> },
    ],
  },
];

describe('AppLayout', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = mockFetch({ '/api/cart': { body: EMPTY_CART_FIXTURE } });
  });
  afterEach(() => fetchMock.restore());

  /** The shell, once the menu's lazily loaded shop widgets (search, mini cart) are in. */
  async function renderShell(options: Parameters<typeof renderWithProviders>[1]) {
    const result = renderWithProviders(null, options);
    // The first lazy import compiles the widgets' modules: seconds on a busy machine.
    await screen.findByRole('search', {}, { timeout: 15_000 });
    // The first screen shows once the announcement and the signed-in user are known.
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    return result;
  }

  const menuLinks = () =>
    within(screen.getByRole('navigation', { name: 'Main menu' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);

  it('has the logo, the menu links of a visitor, the cart link, Log in, Register and the footer articles', async () => {
    await renderShell({ routes: shellRoutes });
    expect(screen.getByRole('link', { name: 'AeroMaint Academy, home page' }).getAttribute('href')).toBe('/');
    await screen.findByRole('link', { name: 'Log in' });
    expect(menuLinks()).toEqual([
      ['E-shop', '/e-shop'],
      ['Cart', '/cart'],
      ['Log in', '/login'],
      ['Register', '/register'],
    ]);
    const footer = screen.getByRole('navigation', { name: 'Information' });
    expect(within(footer).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/articles/faq-corporate-account',
      '/articles/terms-and-conditions',
      '/articles/privacy-policy',
    ]);
  });

  it("shows a student the links of the roles' capabilities, the name and Log out (no Employees)", async () => {
    fetchMock.restore();
    fetchMock = mockFetch({ '/api/cart': { body: EMPTY_CART_FIXTURE }, '/api/me': { body: { data: userFixture() } } });
    await renderShell({ routes: shellRoutes });
    await screen.findByRole('button', { name: 'Log out' });
    expect(menuLinks()).toEqual([
      ['E-shop', '/e-shop'],
      ['My courses', '/my-courses'],
      ['Quick share', '/quick-share'],
      ['Orders', '/orders'],
      ['Profile', '/profile'],
      ['Cart', '/cart'],
      ['Anna Berg', '/profile'],
    ]);
  });

  it('shows a company admin Organize course and Employees; a KYC user only KYC and Profile', async () => {
    fetchMock.restore();
    let me = companyAdminFixture();
    fetchMock = mockFetch({ '/api/cart': { body: EMPTY_CART_FIXTURE }, '/api/me': () => ({ body: { data: me } }) });
    const { store } = await renderShell({ routes: shellRoutes });
    await screen.findByRole('button', { name: 'Log out' });
    expect(menuLinks().map(([text]) => text)).toEqual(['E-shop', 'My courses', 'Quick share', 'Organize course', 'Employees', 'Orders', 'Reports', 'Profile', 'Cart', 'Lars Nilsen']);

    me = userFixture({ roles: ['kyc'], name: 'Kim Kyc' });
    act(() => {
      store.dispatch(accountsApi.util.invalidateTags(['Me']));
    });
    await screen.findByRole('link', { name: 'Kim Kyc' });
    expect(menuLinks().map(([text]) => text)).toEqual(['E-shop', 'KYC', 'Profile', 'Cart', 'Kim Kyc']);
  });

  it('shows an instructor the Questions of the learners', async () => {
    fetchMock.restore();
    fetchMock = mockFetch({ '/api/cart': { body: EMPTY_CART_FIXTURE }, '/api/me': { body: { data: userFixture({ roles: ['instructor'], name: 'Ian Instructor' }) } } });
    await renderShell({ routes: shellRoutes });
    await screen.findByRole('button', { name: 'Log out' });
    expect(menuLinks()).toContainEqual(['Questions', '/instructor/questions']);
    expect(menuLinks()).toContainEqual(['My courses', '/my-courses']);
  });

  it('shows a reports viewer the Reports and the Employees they read (and not a student)', async () => {
    fetchMock.restore();
    fetchMock = mockFetch({ '/api/cart': { body: EMPTY_CART_FIXTURE }, '/api/me': { body: { data: userFixture({ roles: ['reports_viewer'], company_id: 'c1', name: 'Rita Viewer' }) } } });
    const { unmount } = await renderShell({ routes: shellRoutes });
    await screen.findByRole('button', { name: 'Log out' });
    expect(menuLinks()).toContainEqual(['Reports', '/reports']);
    expect(menuLinks()).toContainEqual(['Employees', '/employees']);
    unmount();
    fetchMock.restore();
    fetchMock = mockFetch({ '/api/cart': { body: EMPTY_CART_FIXTURE }, '/api/me': { body: { data: userFixture({ roles: ['student'], name: 'Sam Student' }) } } });
    await renderShell({ routes: shellRoutes });
    await screen.findByRole('button', { name: 'Log out' });
    expect(menuLinks().map(([text]) => text)).not.toContain('Reports');
    expect(menuLinks().map(([text]) => text)).not.toContain('Employees');
  });

  it("signs out from the menu: POST /logout, then the visitor menu and the answer's page", async () => {
    fetchMock.restore();
    let signedIn = true;
    fetchMock = mockFetch({
      '/api/cart': { body: EMPTY_CART_FIXTURE },
      '/api/me': () => ({ body: { data: signedIn ? userFixture() : null } }),
      'POST /logout': () => {
        signedIn = false;
        return { body: { redirect: '/' } };
      },
    });
    const routes = [{ ...shellRoutes[0], children: [...shellRoutes[0].children, { path: 'somewhere', element: <h1>Somewhere</h1> }] }];
    const { router } = await renderShell({ routes, route: '/somewhere' });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(fetchMock.callsTo('POST', '/logout')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
  });

  it('folds the menu behind a toggle that Escape closes', async () => {
    await renderShell({ routes: shellRoutes });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('shows "Something went wrong" with a reload button when a screen fails, keeping the menu', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await renderShell({ routes: shellRoutes, route: '/boom' });
      expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('moves the focus to the main heading after each route change, also when the heading comes late; not on the first load', async () => {
    let showHeading: () => void = () => undefined;
    function LateHeading() {
      const [shown, setShown] = useState(false);
      showHeading = () => setShown(true);
      return shown ? <h1>Late screen</h1> : <p>Loading…</p>;
    }
    const routes = [
      {
        ...shellRoutes[0],
        children: [
          ...shellRoutes[0].children,
          { path: 'second', element: <h1>Second screen</h1> },
          { path: 'late', element: <LateHeading /> },
        ],
      },
    ];
    const { router } = await renderShell({ routes });
    expect(document.activeElement).toBe(document.body);

    const link = screen.getByRole('link', { name: 'E-shop' });
    link.focus();
    await act(() => router.navigate('/second'));
    const second = screen.getByRole('heading', { level: 1, name: 'Second screen' });
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute('tabindex')).toBe('-1');

    await act(() => router.navigate('/late'));
    act(() => showHeading());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Late screen' })));
  });

  it('leaves the focus where the user put it while the new screen loaded', async () => {
    let showHeading: () => void = () => undefined;
    function LateHeading() {
      const [shown, setShown] = useState(false);
      showHeading = () => setShown(true);
      return shown ? <h1>Late screen</h1> : <p>Loading…</p>;
    }
    const routes = [{ ...shellRoutes[0], children: [...shellRoutes[0].children, { path: 'late', element: <LateHeading /> }] }];
    const { router } = await renderShell({ routes });
    await act(() => router.navigate('/late'));
    const link = screen.getByRole('link', { name: 'E-shop' });
    link.focus();
    act(() => showHeading());
    await screen.findByRole('heading', { level: 1, name: 'Late screen' });
    expect(document.activeElement).toBe(link);
  });

  describe('with fake timers', () => {
    fakeTimersInEachTest();

    it('shows flash messages from the store and hides each after 3000 ms', async () => {
      const store = makeStore();
      await renderShell({ routes: shellRoutes, store });
      act(() => {
        store.dispatch(flashSuccess('Product added to cart'));
        store.dispatch(flashError('Could not add product to cart.'));
      });
      expect(screen.getByRole('status').textContent).toContain('Product added to cart');
      expect(screen.getByRole('alert').textContent).toContain('Could not add product to cart.');

      act(() => jest.advanceTimersByTime(FLASH_HIDE_AFTER_MS - 1));
      expect(store.getState().flash.messages).toHaveLength(2);

      act(() => jest.advanceTimersByTime(1));
      expect(store.getState().flash.messages).toHaveLength(0);
      expect(screen.queryByText('Product added to cart')).toBeNull();
      expect(screen.queryByText('Could not add product to cart.')).toBeNull();
    });

    it('shows the loading overlay and hides it 150 ms after dismissal', async () => {
      const store = makeStore();
      await renderShell({ routes: shellRoutes, store });
      expect(screen.queryByTestId('loading-overlay')).toBeNull();

      act(() => {
        store.dispatch(overlayShown());
      });
      expect(screen.getByTestId('loading-overlay')).toBeTruthy();

      act(() => {
        store.dispatch(overlayDismissed());
      });
      act(() => jest.advanceTimersByTime(LOADER_HIDE_DELAY_MS - 1));
      expect(screen.queryByTestId('loading-overlay')).not.toBeNull();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByTestId('loading-overlay')).toBeNull();
    });
  });
});
