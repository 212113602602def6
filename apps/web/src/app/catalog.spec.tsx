import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EMPTY_CART_FIXTURE, mockFetch, PRODUCTS_FIXTURE, renderWithProviders } from '@aero/web-shared-testing';
import { appRoutes } from './routes.js';

describe('catalogue screens', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => fetchMock?.restore());

  const withProducts = () => {
    fetchMock = mockFetch({ '/api/products': { body: { data: PRODUCTS_FIXTURE } }, '/api/cart': { body: EMPTY_CART_FIXTURE } });
  };

  it('/e-shop renders a card per product of GET /api/products', async () => {
    withProducts();
    renderWithProviders(null, { routes: appRoutes, route: '/e-shop' });

    const list = await screen.findByRole('list', { name: 'Products' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(PRODUCTS_FIXTURE.length);

    const first = cards[0];
    expect(within(first).getByRole('link', { name: 'Part-66 Module 1: Mathematics' }).getAttribute('href')).toBe(
      '/e-shop/part-66-module-1-mathematics',
    );
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/images/products/part-66-16by9.svg');
    expect(within(first).getByText('Course')).toBeTruthy();
    expect(within(first).getByText('€99.00')).toBeTruthy();
    expect(within(first).getByText('Arithmetic, algebra and geometry for the B1 and B2 licence.')).toBeTruthy();

    const productCalls = fetchMock!.callsTo('GET', '/api/products');
    expect(productCalls).toEqual([expect.objectContaining({ url: '/api/products', method: 'GET' })]);
    expect(productCalls[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('/e-shop filters the cards by product type', async () => {
    withProducts();
    renderWithProviders(null, { routes: appRoutes, route: '/e-shop' });
    fireEvent.click(await screen.findByRole('button', { name: 'Certificates' }));
    const cards = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('link').textContent)).toEqual(['Hard-copy certificate']);
    expect(screen.getByRole('button', { name: 'Certificates' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('/e-shop shows a loading state first', async () => {
    withProducts();
    renderWithProviders(null, { routes: appRoutes, route: '/e-shop' });
    expect(await screen.findByText('Loading courses…')).toBeTruthy();
    await screen.findByRole('list', { name: 'Products' });
  });

  it('/e-shop shows the server message when the call fails', async () => {
    fetchMock = mockFetch({
      '/api/products': { status: 503, body: { code: 'service_unavailable', message: 'The catalogue is unavailable.', status: 503 } },
    });
    renderWithProviders(null, { routes: appRoutes, route: '/e-shop' });
    expect((await screen.findByRole('alert')).textContent).toBe('The catalogue is unavailable.');
  });

  it('/e-shop shows "Something went wrong" when the failure carries no message', async () => {
    fetchMock = mockFetch({ '/api/products': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderWithProviders(null, { routes: appRoutes, route: '/e-shop' });
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });

  it('/ shows the courses under "Popular courses"', async () => {
    withProducts();
    renderWithProviders(null, { routes: appRoutes, route: '/' });
    const section = (await screen.findByRole('heading', { name: 'Popular courses' })).closest('section')!;
    const list = await within(section).findByRole('list');
    expect(within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Part-66 Module 1: Mathematics',
      'Part-145 Initial Training',
    ]);
  });

  it('/e-shop/:slug shows the product with its package contents', async () => {
    withProducts();
    renderWithProviders(null, { routes: appRoutes, route: '/e-shop/part-145-team-package' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Part-145 Team Package (5 seats)' })).toBeTruthy();
    expect(screen.getByText('€890.00')).toBeTruthy();
    expect(screen.getByText('Package')).toBeTruthy();

    const contents = screen.getByRole('list', { name: 'Package contents' });
    const items = within(contents).getAllByRole('listitem');
    expect(
      items.map((item) => [
        within(item).getByRole('link').textContent,
        within(item).getByRole('link').getAttribute('href'),
        within(item).getByLabelText(/Quantity/).textContent,
      ]),
    ).toEqual([
      ['Part-145 Initial Training', '/e-shop/part-145-initial-training', '× 5'],
      ['Part-145 Continuation Training', '/e-shop/part-145-continuation-training', '× 5'],
    ]);
  });

  it('/e-shop/:slug of an unknown product says so, and offers a search and the popular courses', async () => {
    withProducts();
    renderWithProviders(null, { routes: appRoutes, route: '/e-shop/no-such-course' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the E-shop' }).getAttribute('href')).toBe('/e-shop');
    const search = screen.getByRole('region', { name: 'Search the shop' });
    expect(within(search).getByRole('combobox', { name: 'Search products' })).toBeTruthy();
    const popular = screen.getByRole('region', { name: 'Popular courses' });
    expect(await within(popular).findByRole('link', { name: 'Part-145 Initial Training' })).toBeTruthy();
  });

  it('/e-shop/:slug of a course shows what it covers, its study time, who it is for and its certificate', async () => {
    withProducts();
    renderWithProviders(null, { routes: appRoutes, route: '/e-shop/part-145-initial-training' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Part-145 Initial Training' })).toBeTruthy();
    expect(screen.getByText('Maintenance organisation approval: procedures, quality system, certifying staff and the MOE.')).toBeTruthy();
    const details = screen.getByRole('region', { name: 'About this course' });
    const covers = within(details).getByRole('heading', { level: 3, name: 'What the course covers' }).nextElementSibling as HTMLElement;
    expect(within(covers).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'The Part-145 approval and its scope',
      'Certifying staff and their authorisations',
    ]);
    const facts = [...details.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Study time', '15 hours'],
      ['Who it is for', 'Staff of Part-145 maintenance organisations.'],
      ['Certificate', 'A certificate of completion, downloadable as a PDF.'],
    ]);
  });

  it('/e-shop/:slug has the product as the page title and its description as the meta description', async () => {
    withProducts();
    renderWithProviders(null, { routes: appRoutes, route: '/e-shop/part-145-initial-training' });
    await screen.findByRole('heading', { level: 1, name: 'Part-145 Initial Training' });
    await waitFor(() => expect(document.title).toBe('Part-145 Initial Training · AeroMaint Academy'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Maintenance organisation approval: procedures, quality system, certifying staff and the MOE.',
    );
  });

  it('a product without course details shows none, and other pages keep the site description', async () => {
    withProducts();
    renderWithProviders(null, { routes: appRoutes, route: '/e-shop/part-145-team-package' });
    await screen.findByRole('heading', { level: 1, name: 'Part-145 Team Package (5 seats)' });
    expect(screen.queryByRole('region', { name: 'About this course' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Part-145 Team Package (5 seats) · AeroMaint Academy'));
  });

  it('/e-shop keeps the title of its own and the site description', async () => {
    withProducts();
    renderWithProviders(null, { routes: appRoutes, route: '/e-shop' });
    await screen.findByRole('list', { name: 'Products' });
    await waitFor(() => expect(document.title).toMatch(/ · AeroMaint Academy$/));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^AeroMaint Academy: online EASA Part-66/);
  });
});
