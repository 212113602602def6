import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { selectFlashMessages, type AppStore } from '@aero/web-shared-store';
import { mockFetch, renderWithProviders, userFixture, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { Modal } from '@aero/web-shared-ui';
import { cookieNames, deleteCookie } from '@aero/web-site-data-access';
import { SubscriptionBonusPopup } from './subscription-bonus-popup.js';

const flashes = (store: AppStore) => selectFlashMessages(store.getState()).map((message) => [message.kind, message.text]);


/** Lets pending requests answer and React render their results. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

describe('SubscriptionBonusPopup (shop §2, §4: marked as seen when shown, closes on subscribing or declining)', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    document.cookie = 'necessary_cookies_consent=1; path=/';
  });
  afterEach(() => {
    fetchMock.restore();
    for (const name of cookieNames()) deleteCookie(name);
  });

  function renderPopup(answers: Record<string, FetchAnswer> = {}) {
    fetchMock = mockFetch({
      '/api/me': { body: { data: userFixture() } },
      '/api/newsletters/bonus-popup': { body: { show: true } },
      'POST /newsletters/mark-subscription-bonus-popup-as-seen': { body: { message: 'The subscription bonus popup will not be shown again.' } },
      ...answers,
    });
    return renderWithProviders(<SubscriptionBonusPopup />);
  }

  const dialog = () => screen.findByRole('dialog', { name: 'A bonus for subscribers' });

  it('shows for a signed-in user when the server says so, marks it as seen once, and links to /e-shop/how-to-become-engineer', async () => {
    renderPopup();
    const popup = await dialog();
    expect(within(popup).getByRole('link', { name: 'How to become an aircraft maintenance engineer' }).getAttribute('href')).toBe('/e-shop/how-to-become-engineer');
    await waitFor(() => expect(fetchMock.callsTo('POST', '/newsletters/mark-subscription-bonus-popup-as-seen')).toHaveLength(1));
  });

  it('subscribing posts /newsletters/subscribe, flashes subscribe.success and closes', async () => {
    const { store } = renderPopup({ 'POST /newsletters/subscribe': { body: { message: 'You are subscribed to our newsletter.' } } });
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.callsTo('POST', '/newsletters/subscribe')).toHaveLength(1);
    expect(flashes(store)).toEqual([['success', 'You have subscribed to our newsletter.']]);
  });

  it('a failed subscription flashes subscribe.error and closes', async () => {
    const { store } = renderPopup({ 'POST /newsletters/subscribe': { status: 500, body: {} } });
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(flashes(store)).toEqual([['error', 'We could not subscribe you to the newsletter. Please try again.']]);
  });

  it('declining closes it without subscribing', async () => {
    renderPopup();
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'No, thanks' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(fetchMock.callsTo('POST', '/newsletters/mark-subscription-bonus-popup-as-seen')).toHaveLength(1));
    expect(fetchMock.callsTo('POST', '/newsletters/subscribe')).toHaveLength(0);
  });

  it('is not shown (nor marked) when the server says no, or to visitors', async () => {
    renderPopup({ '/api/newsletters/bonus-popup': { body: { show: false } } });
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/newsletters/bonus-popup')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    fetchMock.restore();

    renderPopup({ '/api/me': { body: { data: null } } });
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/me')).toHaveLength(1));
    await settle();
    expect(fetchMock.callsTo('GET', '/api/newsletters/bonus-popup')).toHaveLength(0);
    expect(fetchMock.callsTo('POST', '/newsletters/mark-subscription-bonus-popup-as-seen')).toHaveLength(0);
  });

  it('waits while another dialog is open (the "added to cart" window), and opens once it is closed', async () => {
    fetchMock = mockFetch({
      '/api/me': { body: { data: userFixture() } },
      '/api/newsletters/bonus-popup': { body: { show: true } },
      'POST /newsletters/mark-subscription-bonus-popup-as-seen': { body: { message: 'The subscription bonus popup will not be shown again.' } },
    });
    function AddedToCart() {
      const [open, setOpen] = useState(true);
      return (
        <Modal open={open} onClose={() => setOpen(false)} title="Product added to cart">
          <p>Added.</p>
        </Modal>
      );
    }
    renderWithProviders(
      <>
        <AddedToCart />
        <SubscriptionBonusPopup />
      </>,
    );
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/newsletters/bonus-popup')).toHaveLength(1));
    await settle();
    expect(screen.getAllByRole('dialog').map((d) => d.getAttribute('aria-labelledby') && within(d).getByRole('heading').textContent)).toEqual(['Product added to cart']);
    expect(fetchMock.callsTo('POST', '/newsletters/mark-subscription-bonus-popup-as-seen')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const popup = await dialog();
    expect(screen.getAllByRole('dialog')).toEqual([popup]);
    await waitFor(() => expect(fetchMock.callsTo('POST', '/newsletters/mark-subscription-bonus-popup-as-seen')).toHaveLength(1));
  });

  it('waits until the cookie banner has been answered', async () => {
    deleteCookie('necessary_cookies_consent');
    renderPopup();
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/newsletters/bonus-popup')).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.callsTo('POST', '/newsletters/mark-subscription-bonus-popup-as-seen')).toHaveLength(0);
  });
});
