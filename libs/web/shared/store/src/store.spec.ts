import { describe, expect, it } from '@jest/globals';
import { flashDismissed, flashError, flashSuccess, selectFlashMessages } from './flash.slice.js';
import { overlayDismissed, overlayShown, selectOverlayActive } from './loading-overlay.slice.js';
import { makeStore } from './store.js';

describe('store', () => {
  it('holds the api cache and the client-state slices', () => {
    const state = makeStore().getState();
    expect(Object.keys(state).sort()).toEqual(['api', 'flash', 'loadingOverlay']);
  });

  it('queues flash messages and removes the dismissed one', () => {
    const store = makeStore();
    store.dispatch(flashSuccess('Product added to cart'));
    store.dispatch(flashError('Could not add product to cart.'));
    const [first, second] = selectFlashMessages(store.getState());
    expect(first).toMatchObject({ kind: 'success', text: 'Product added to cart' });
    expect(second).toMatchObject({ kind: 'error', text: 'Could not add product to cart.' });
    store.dispatch(flashDismissed(first.id));
    expect(selectFlashMessages(store.getState())).toEqual([second]);
  });

  it('keeps the overlay active until every request for it is dismissed', () => {
    const store = makeStore();
    store.dispatch(overlayShown());
    store.dispatch(overlayShown());
    store.dispatch(overlayDismissed());
    expect(selectOverlayActive(store.getState())).toBe(true);
    store.dispatch(overlayDismissed());
    store.dispatch(overlayDismissed());
    expect(selectOverlayActive(store.getState())).toBe(false);
  });

  it('starts from a preloaded state', () => {
    const store = makeStore({ flash: { messages: [{ id: 'a', kind: 'error', text: 'Something went wrong' }] } });
    expect(selectFlashMessages(store.getState())).toHaveLength(1);
  });
});
