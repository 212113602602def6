import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { mockFetch, PRODUCTS_FIXTURE, renderWithProviders, type FetchMock } from '@aero/web-shared-testing';
import { PRODUCT_SEARCH_DEBOUNCE_MS } from '@aero/web-shared-util';
import { ProductSearch } from './product-search.js';

/** Moves the fake clock and lets the requests it started settle. */
async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    await Promise.resolve();
  });
}


const FOUND = PRODUCTS_FIXTURE.slice(0, 2); // Part-66 Module 1 (€99), Part-145 Initial Training (€149)

describe('ProductSearch', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    jest.useFakeTimers();
    fetchMock = mockFetch({
      '/api/products/search': (call) => ({ body: { data: call.url.includes('query=nothing') ? [] : FOUND } }),
    });
  });
  afterEach(() => {
    jest.useRealTimers();
    fetchMock.restore();
  });

  const renderSearch = () =>
    renderWithProviders(null, {
      routes: [
        { path: '/', element: <ProductSearch /> },
        { path: '/e-shop/:slug', element: <h1>Product page</h1> },
      ],
    });
  const input = () => screen.getByRole('combobox', { name: 'Search products' });
  const searches = () => fetchMock.callsTo('GET', '/api/products/search').map((call) => call.url);
  const wait = advance;

  it('asks GET /api/products/search only once typing paused for 300 ms', async () => {
    expect(PRODUCT_SEARCH_DEBOUNCE_MS).toBe(300);
    renderSearch();
    fireEvent.change(input(), { target: { value: 'p' } });
    await wait(200);
    fireEvent.change(input(), { target: { value: 'pa' } });
    await wait(200);
    fireEvent.change(input(), { target: { value: 'part' } });
    await wait(299);
    expect(searches()).toEqual([]);

    await wait(1);
    expect(searches()).toEqual(['/api/products/search?query=part']);
  });

  it('lists picture, name and price with currency of each product found', async () => {
    renderSearch();
    fireEvent.change(input(), { target: { value: 'part' } });
    await wait(300);
    const options = await screen.findAllByRole('option');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(options.map((option) => option.textContent)).toEqual(['Part-66 Module 1: Mathematics99.00 EUR', 'Part-145 Initial Training149.00 EUR']);
    expect(options[1].querySelector('img')?.getAttribute('src')).toBe('/images/products/part-145-thumb.svg');
  });

  it('says so when nothing is found', async () => {
    renderSearch();
    fireEvent.change(input(), { target: { value: 'nothing' } });
    await wait(300);
    expect((await screen.findByRole('status')).textContent).toBe('No products found.');
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it('sends nothing for blank input', async () => {
    renderSearch();
    fireEvent.change(input(), { target: { value: '   ' } });
    await wait(1000);
    expect(searches()).toEqual([]);
  });

  it('is keyboard accessible: arrows move, Enter opens the product, Escape closes then clears', async () => {
    const { router } = renderSearch();
    fireEvent.change(input(), { target: { value: 'part' } });
    await wait(300);
    const options = await screen.findAllByRole('option');

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBe(options[0].id);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(options[1].getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input()).toHaveProperty('value', 'part');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input()).toHaveProperty('value', '');

    fireEvent.change(input(), { target: { value: 'part 145' } });
    await wait(300);
    await screen.findAllByRole('option');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByRole('heading', { name: 'Product page' });
    expect(router.state.location.pathname).toBe('/e-shop/part-145-initial-training');
  });

  it('opens a product picked with the mouse', async () => {
    const { router } = renderSearch();
    fireEvent.change(input(), { target: { value: 'part' } });
    await wait(300);
    fireEvent.click((await screen.findAllByRole('option'))[0]);
    await screen.findByRole('heading', { name: 'Product page' });
    expect(router.state.location.pathname).toBe('/e-shop/part-66-module-1-mathematics');
  });
});
