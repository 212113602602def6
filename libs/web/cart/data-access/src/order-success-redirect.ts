import { ORDER_SUCCESS_REDIRECT_PARAM, sameOriginPath } from '@aero/web-shared-util';

/** Session storage key of the address to return to after an order (read by the checkout). */
export const ORDER_SUCCESS_REDIRECT_STORAGE_KEY = ORDER_SUCCESS_REDIRECT_PARAM;

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The kept return address (only ever a path of this site), if any. */
export function readStoredOrderSuccessRedirect(): string | undefined {
  return sameOriginPath(storage()?.getItem(ORDER_SUCCESS_REDIRECT_STORAGE_KEY));
}

/** Keeps `path` for the checkout, surviving reloads of the tab; `null` forgets it. */
export function storeOrderSuccessRedirect(path: string | null): void {
  const store = storage();
  if (!store) return;
  if (path) store.setItem(ORDER_SUCCESS_REDIRECT_STORAGE_KEY, path);
  else store.removeItem(ORDER_SUCCESS_REDIRECT_STORAGE_KEY);
}

/** `/cart?order-success-redirect=<from>`: the cart, remembering where the shopper was. */
export function cartUrlReturningTo(from: string): string {
  const path = sameOriginPath(from);
  return path ? `/cart?${ORDER_SUCCESS_REDIRECT_PARAM}=${encodeURIComponent(path)}` : '/cart';
}
