import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductDto } from '@aero/contracts';
import { EMPTY_CART_FIXTURE, mockFetch, PRODUCTS_FIXTURE, renderWithProviders, type FetchMock } from '@aero/web-shared-testing';
import { CombinationPicker, combinationTagsOf, matchesAllTags } from './combination-picker.js';

function engineCourse(id: number, label: string, tags: string[], price: number): ProductDto {
  return {
    ...PRODUCTS_FIXTURE[0],
    id,
    name: `A320 engine course: ${label}`,
    url: `/e-shop/a320-engine-${id}`,
    type: 'combined',
    price,
    formatted_price: `€${price}.00`,
    images: { '16by9': '/images/products/combined-16by9.svg', thumbnail: '/images/products/combined-thumb.svg' },
    combination_tags: tags,
  };
}

const ENGINES = [
  engineCourse(701, 'CFM56', ['CFM56'], 249),
  engineCourse(702, 'LEAP-1A', ['LEAP-1A'], 279),
  engineCourse(703, 'V2500', ['V2500'], 249),
  engineCourse(704, 'CFM56 + LEAP-1A', ['CFM56', 'LEAP-1A'], 399),
  engineCourse(706, 'all engines', ['CFM56', 'LEAP-1A', 'V2500'], 499),
];
const CATALOGUE = [...PRODUCTS_FIXTURE, ...ENGINES];

describe('CombinationPicker', () => {
  let fetchMock: FetchMock | undefined;
  afterEach(() => fetchMock?.restore());

  const tag = (name: string) => screen.getByRole('button', { name });
  const shown = () =>
    within(screen.getByRole('table', { name: 'Courses matching the selected engines' }))
      .getAllByRole('rowheader')
      .map((header) => within(header).getByRole('link').textContent);

  it('reads "Click on engine to modify course contents" and offers Show all plus every tag once', () => {
    renderWithProviders(<CombinationPicker products={CATALOGUE} />);
    const group = screen.getByRole('group', { name: 'Click on engine to modify course contents' });
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(['Show all', 'CFM56', 'LEAP-1A', 'V2500']);
  });

  it('shows every combined product (and only those) while Show all is on', () => {
    renderWithProviders(<CombinationPicker products={CATALOGUE} />);
    expect(tag('Show all').getAttribute('aria-pressed')).toBe('true');
    expect(shown()).toHaveLength(5);
  });

  it('selecting a tag turns Show all off; a product matches when it has ALL selected tags', () => {
    renderWithProviders(<CombinationPicker products={CATALOGUE} />);
    fireEvent.click(tag('CFM56'));
    expect(tag('Show all').getAttribute('aria-pressed')).toBe('false');
    expect(tag('CFM56').getAttribute('aria-pressed')).toBe('true');
    expect(shown()).toEqual(['A320 engine course: CFM56', 'A320 engine course: CFM56 + LEAP-1A', 'A320 engine course: all engines']);

    fireEvent.click(tag('LEAP-1A'));
    expect(shown()).toEqual(['A320 engine course: CFM56 + LEAP-1A', 'A320 engine course: all engines']);

    fireEvent.click(tag('V2500'));
    expect(shown()).toEqual(['A320 engine course: all engines']);
  });

  it('Show all clears the selected tags; unselecting the last tag turns Show all back on', () => {
    renderWithProviders(<CombinationPicker products={CATALOGUE} />);
    fireEvent.click(tag('CFM56'));
    fireEvent.click(tag('V2500'));
    fireEvent.click(tag('Show all'));
    expect(tag('Show all').getAttribute('aria-pressed')).toBe('true');
    expect(tag('CFM56').getAttribute('aria-pressed')).toBe('false');
    expect(shown()).toHaveLength(5);

    fireEvent.click(tag('V2500'));
    fireEvent.click(tag('V2500'));
    expect(tag('Show all').getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when no product has all the selected tags', () => {
    const products = ENGINES.filter((product) => product.id !== 706);
    renderWithProviders(<CombinationPicker products={products} />);
    fireEvent.click(tag('LEAP-1A'));
    fireEvent.click(tag('V2500'));
    expect(screen.getByRole('status').textContent).toBe('No course has all the selected engines.');
  });

  it('lists picture, linked name, formatted price and adds with quantity 1', async () => {
    fetchMock = mockFetch({ 'GET /api/cart': { body: EMPTY_CART_FIXTURE }, 'POST /api/cart/add': { body: EMPTY_CART_FIXTURE } });
    renderWithProviders(<CombinationPicker products={CATALOGUE} initialTags={['V2500']} />);
    expect(tag('V2500').getAttribute('aria-pressed')).toBe('true');
    const row = screen.getByRole('rowheader', { name: /A320 engine course: V2500/ }).closest('tr')!;
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/images/products/combined-thumb.svg');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/e-shop/a320-engine-703');
    expect(within(row).getByText('€249.00')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Add to cart: A320 engine course: V2500' }));
    await waitFor(() => expect(fetchMock!.callsTo('POST', '/api/cart/add')).toHaveLength(1));
    expect(fetchMock.callsTo('POST', '/api/cart/add')[0].body).toEqual({ product_id: 703, quantity: 1 });
  });

  it('matching rules as functions', () => {
    expect(combinationTagsOf(ENGINES)).toEqual(['CFM56', 'LEAP-1A', 'V2500']);
    expect(matchesAllTags(ENGINES[3], [])).toBe(true);
    expect(matchesAllTags(ENGINES[3], ['CFM56', 'LEAP-1A'])).toBe(true);
    expect(matchesAllTags(ENGINES[3], ['CFM56', 'V2500'])).toBe(false);
  });
});
