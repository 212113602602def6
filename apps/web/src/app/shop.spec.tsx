import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ProductDto } from '@aero/contracts';
import {
  cartLine,
  cartView,
  EMPTY_CART_FIXTURE,
  mockFetch,
  PRODUCTS_FIXTURE,
  renderWithProviders,
  type FetchAnswer,
  type FetchMock,
} from '@aero/web-shared-testing';
import { appRoutes } from './routes.js';

const ENGINE_COURSE: ProductDto = {
  ...PRODUCTS_FIXTURE[0],
  id: 701,
  name: 'A320 engine course: CFM56',
  url: '/e-shop/a320-engine-cfm56',
  type: 'combined',
  category: 'Type training',
  combination_tags: ['CFM56'],
};
const CATALOGUE = [...PRODUCTS_FIXTURE, ENGINE_COURSE];

describe('shop journeys (app shell and routes)', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function renderApp(route: string, answers: Record<string, FetchAnswer> = {}) {
    fetchMock = mockFetch({
      '/api/products': { body: { data: CATALOGUE } },
      'GET /api/cart': { body: EMPTY_CART_FIXTURE },
      '/api/content/slides': { body: { data: [] } },
      '/api/content/client-logos': { body: { data: [] } },
      ...answers,
    });
    return renderWithProviders(null, { routes: appRoutes, route });
  }

  it('E-shop → Add to cart → modal, flash and mini cart → Proceed to checkout → the cart remembering the E-shop', async () => {
    const { router } = renderApp('/e-shop', { 'POST /api/cart/add': { body: cartView([cartLine(201, 1)]) } });
    const list = await screen.findByRole('list', { name: 'Products' });
    fireEvent.click(within(list).getByRole('button', { name: 'Add to cart: Part-145 Initial Training' }));

    const dialog = await screen.findByRole('dialog', { name: 'Product added to cart' });
    expect(screen.getByText('Product added to cart', { selector: '.flash__text' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('button', { name: 'Cart 1 item' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('link', { name: 'Proceed to checkout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeTruthy();
    expect(router.state.location.search).toBe('?order-success-redirect=%2Fe-shop');
    expect(await screen.findByRole('rowheader', { name: /Part-145 Initial Training/ })).toBeTruthy();
    expect(screen.getByText('After your order you will return to the page you came from.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.callsTo('GET', '/api/cart')).toHaveLength(1);
  });

  it('the E-shop offers type training through the combination picker', async () => {
    renderApp('/e-shop');
    const picker = await screen.findByRole('group', { name: 'Click on engine to modify course contents' });
    expect(within(picker).getAllByRole('button').map((button) => button.textContent)).toEqual(['Show all', 'CFM56']);
    expect(screen.getByRole('link', { name: 'A320 engine course: CFM56' })).toBeTruthy();
  });

  it('a certificate page offers the certificate sample; every product page has Add to cart', async () => {
    renderApp('/e-shop/hard-copy-certificate');
    await screen.findByRole('heading', { level: 1, name: 'Hard-copy certificate' });
    expect(screen.getByRole('button', { name: 'Add to cart: Hard-copy certificate' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View certificate sample' }));
    expect(screen.getByRole('dialog', { name: 'Certificate sample' })).toBeTruthy();
  });

  it('the top menu has the product search and, once the cart has items, the mini cart', async () => {
    renderApp('/faq', {
      'GET /api/cart': { body: cartView([cartLine(301, 2)]) },
      '/api/content/faq': { body: { data: [] } },
    });
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByRole('combobox', { name: 'Search products' })).toBeTruthy();
    expect(await within(menu).findByRole('button', { name: 'Cart 2 items' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Cart' })).toBeNull();
  });

  it('popular courses on the home page have Add to cart buttons', async () => {
    renderApp('/');
    const section = (await screen.findByRole('heading', { name: 'Popular courses' })).closest('section')!;
    expect((await within(section).findAllByRole('button', { name: /^Add to cart: / })).length).toBeGreaterThan(0);
  });
});
