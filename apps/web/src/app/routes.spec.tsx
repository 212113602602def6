import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { EMPTY_CART_FIXTURE, mockFetch, PRODUCTS_FIXTURE, renderWithProviders } from '@aero/web-shared-testing';
import { appRoutes } from './routes.js';

/** The information articles (their titles come from GET /api/content/articles/{slug}). */
const ARTICLES: [slug: string, title: string][] = [
  ['faq-corporate-account', 'FAQ for corporate accounts'],
  ['terms-and-conditions', 'Terms and conditions'],
  ['privacy-policy', 'Privacy policy'],
];

/** Every screen the specs name, at a sample address, with the heading it shows. */
const SPEC_SCREENS: [address: string, heading: string][] = [
  ['/', 'EASA maintenance training, online'],
  ['/e-shop', 'E-shop'],
  ['/e-shop/part-145-initial-training', 'Part-145 Initial Training'],
  ['/e-shop/how-to-become-engineer', 'How to become an aircraft maintenance engineer'],
  ['/cart', 'Cart'],
  ['/cart?order-success-redirect=%2Fmy-courses', 'Cart'],
  ['/cart/credentials', 'Payment'],
  ['/my-courses', 'My courses'],
  ['/my-courses/history', 'Course history'],
  ['/course/42', 'Course'],
  ['/course/42/chapter/m7-safety', 'Course'],
  ['/instructor/questions', 'Questions from learners'],
  ['/course/42/exam/7', 'Exam'],
  // No such certificate in the mocked API: the verification page's not-found state.
  ['/certificates/verify/AMA-2026-7KQ3-M9TX', 'Certificate not found'],
  ['/tickets/TCK-1234', 'Print ticket'],
  ['/quick-share', 'Quick share'],
  ['/organize-course', 'Organize course'],
  ['/organize-course/success', 'Courses delivered'],
  ['/organize-course/success/anna@example.com,TCK-1', 'Courses delivered'],
  ['/employees', 'Employees'],
  ['/employees/5', 'Employee'],
  ['/employees/5/edit', 'Edit employee'],
  ['/employee-groups', 'Employee groups'],
  ['/employees/import', 'Import employees'],
  ['/invitations', 'My pending invitations'],
  ['/orders', 'Orders'],
  ['/profile', 'Profile'],
  ['/login', 'Log in'],
  ['/register', 'Registration'],
  ['/email/verify', 'E-mail verification'],
  ['/password/reset', 'Password reset'],
  ['/password/reset/token-1?email=anna%40example.com', 'Password reset'],
  ['/terms/accept', 'Accept the terms and conditions'],
  ['/kyc', 'KYC checks'],
  ['/reports', 'Reports'],
  ['/newsletters', 'Newsletters'],
  ['/contacts', 'Contacts'],
  ['/faq', 'FAQ'],
  ['/classroom-training', 'Classroom training'],
  ['/articles/faq-corporate-account', 'FAQ for corporate accounts'],
  ['/articles/terms-and-conditions', 'Terms and conditions'],
  ['/articles/privacy-policy', 'Privacy policy'],
];

describe('routes', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch({
      '/api/products': { body: { data: PRODUCTS_FIXTURE } },
      '/api/cart': { body: EMPTY_CART_FIXTURE },
      '/api/content/faq': { body: { data: [] } },
      '/api/content/slides': { body: { data: [] } },
      '/api/content/client-logos': { body: { data: [] } },
      ...Object.fromEntries(
        ARTICLES.map(([slug, title]) => [
          `/api/content/articles/${slug}`,
          { body: { data: { slug, title, body: '<p>Text</p>', updated_at: '2026-01-15T10:00:00.000Z' } } },
        ]),
      ),
    });
  });
  afterEach(() => fetchMock.restore());

  it.each(SPEC_SCREENS)('%s shows its screen "%s", not the 404 page', async (address, heading) => {
    renderWithProviders(null, { routes: appRoutes, route: address });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    await screen.findByRole('search').catch(() => undefined); // the shell's lazy widgets settle
  });

  it('an unknown article says it was not found', async () => {
    renderWithProviders(null, { routes: appRoutes, route: '/articles/no-such-article' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeTruthy();
  });

  it('placeholder screens say they are coming soon', async () => {
    renderWithProviders(null, { routes: appRoutes, route: '/newsletters' });
    expect(await screen.findByText('Newsletters — coming soon')).toBeTruthy();
  });

  it('an unknown address shows the 404 page inside the shell', async () => {
    renderWithProviders(null, { routes: appRoutes, route: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('the 404 page helps: home, E-shop, a search of the shop and the popular courses', async () => {
    renderWithProviders(null, { routes: appRoutes, route: '/no-such-page' });
    const page = (await screen.findByRole('heading', { level: 1, name: 'Page not found' })).closest('section')!;
    expect(within(page).getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    const search = await within(page).findByRole('region', { name: 'Search the shop' });
    expect(within(search).getByRole('combobox', { name: 'Search products' })).toBeTruthy();
    const popular = within(page).getByRole('region', { name: 'Popular courses' });
    expect(await within(popular).findByRole('link', { name: 'Part-66 Module 1: Mathematics' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found · AeroMaint Academy'));
  });

  it('the printed ticket has no menu', async () => {
    renderWithProviders(null, { routes: appRoutes, route: '/tickets/TCK-1234' });
    await screen.findByRole('heading', { level: 1, name: 'Print ticket' });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });
});
