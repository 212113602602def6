import type { CartMeta, CartView } from '@aero/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import i18next from 'i18next';
import { baseApi, fieldErrors, serverMessage } from '@aero/web-shared-api';
import { flashError, flashSuccess } from '@aero/web-shared-store';
import { applyQuantityChange, emptyCart, removeLine, type CartLineSource, type QuantityChange } from './cart-math.js';

/** The shopper's one cart in the cache; every cart view (page, mini cart, modal) reads it. */
const CART_TAG = { type: 'Cart' as const, id: 'CURRENT' };

export interface AddToCartArgs extends QuantityChange {
  /** The product, so a new line shows at once (not sent). */
  product?: CartLineSource;
}

/** `POST /voucher/apply/{code}` and `DELETE /voucher/remove` answer the new totals. */
export interface VoucherResponse {
  cart: { meta: CartMeta };
  message?: string;
}

/**
 * Cart and voucher endpoints (shop §7). Changes are optimistic: the cached cart changes at once
 * and the server's answer replaces it; on failure the change is rolled back. Each outcome shows
 * the spec's flash (shop §8).
 */
export const cartApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/cart. Loaded once, on first need, and kept (the mini cart always shows it). */
    getCart: build.query<CartView, void>({
      query: () => '/api/cart',
      providesTags: [CART_TAG],
      keepUnusedDataFor: Infinity,
    }),

    /** POST /api/cart/add: adds `quantity`, or sets it with `update` (0 or below removes the line). */
    addToCart: build.mutation<CartView, AddToCartArgs>({
      query: ({ product_id, quantity, update }) => ({
        url: '/api/cart/add',
        method: 'POST',
        body: update ? { product_id, quantity, update: true } : { product_id, quantity },
      }),
      async onQueryStarted({ product, ...change }, { dispatch, queryFulfilled }) {
        const patch = dispatch(cartApi.util.updateQueryData('getCart', undefined, (cart) => applyQuantityChange(cart, change, product)));
        try {
          const { data } = await queryFulfilled;
          // The server's cart replaces the cached one (or becomes it when no view loaded it yet).
          if (dispatch(cartApi.util.updateQueryData('getCart', undefined, () => data)).patches.length === 0) {
            void dispatch(cartApi.util.upsertQueryData('getCart', undefined, data));
          }
          dispatch(flashSuccess(i18next.t('cart.add-success')));
        } catch {
          patch.undo();
          dispatch(flashError(i18next.t('cart.add-error')));
        }
      },
    }),

    /** DELETE /api/cart/remove with `{ product_id }`. */
    removeFromCart: build.mutation<CartView, { product_id: number }>({
      query: ({ product_id }) => ({ url: '/api/cart/remove', method: 'DELETE', body: { product_id } }),
      async onQueryStarted({ product_id }, { dispatch, queryFulfilled }) {
        const patch = dispatch(cartApi.util.updateQueryData('getCart', undefined, (cart) => removeLine(cart, product_id)));
        try {
          const { data } = await queryFulfilled;
          // The server's cart replaces the cached one (or becomes it when no view loaded it yet).
          if (dispatch(cartApi.util.updateQueryData('getCart', undefined, () => data)).patches.length === 0) {
            void dispatch(cartApi.util.upsertQueryData('getCart', undefined, data));
          }
          dispatch(flashSuccess(i18next.t('cart.remove-success')));
        } catch {
          patch.undo();
          dispatch(flashError(i18next.t('cart.remove-error')));
        }
      },
    }),

    /** DELETE /api/cart/empty: every line and the voucher go (its answer is not read, shop §7). */
    emptyCart: build.mutation<void, void>({
      query: () => ({ url: '/api/cart/empty', method: 'DELETE' }),
      transformResponse: () => undefined,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const patch = dispatch(cartApi.util.updateQueryData('getCart', undefined, () => emptyCart()));
        try {
          await queryFulfilled;
          dispatch(flashSuccess(i18next.t('cart.empty-success')));
        } catch {
          patch.undo();
          dispatch(flashError(i18next.t('cart.empty-error')));
        }
      },
    }),

    /**
     * POST /voucher/apply/{code}; the new totals replace the cart's. A refusal (422, 429) keeps
     * the server's message, which the form shows under the field and as an error flash.
     */
    applyVoucher: build.mutation<VoucherResponse, string>({
      query: (code) => ({ url: `/voucher/apply/${encodeURIComponent(code)}`, method: 'POST' }),
      async onQueryStarted(_code, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(cartApi.util.updateQueryData('getCart', undefined, (cart) => void (cart.meta = data.cart.meta)));
          dispatch(flashSuccess(i18next.t('voucher.success')));
        } catch (failure) {
          dispatch(flashError(voucherErrorMessage(failedWith(failure)) ?? i18next.t('errors.generic')));
        }
      },
    }),

    /** DELETE /voucher/remove. */
    removeVoucher: build.mutation<VoucherResponse, void>({
      query: () => ({ url: '/voucher/remove', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(cartApi.util.updateQueryData('getCart', undefined, (cart) => void (cart.meta = data.cart.meta)));
          dispatch(flashSuccess(data.message?.trim() || i18next.t('voucher.removed')));
        } catch (failure) {
          dispatch(flashError(serverMessage(failedWith(failure)) ?? i18next.t('errors.generic')));
        }
      },
    }),
  }),
});

/** The error of a rejected `queryFulfilled` (`{ error, meta }`). */
export function failedWith(failure: unknown): FetchBaseQueryError | undefined {
  return typeof failure === 'object' && failure !== null && 'error' in failure ? (failure as { error: FetchBaseQueryError }).error : undefined;
}

/** The message of a refused voucher: the server's `message`, else the first `errors.code` entry. */
export function voucherErrorMessage(error: unknown): string | undefined {
  const failure = error as FetchBaseQueryError | undefined;
  return serverMessage(failure) ?? fieldErrors(failure)['code']?.[0];
}

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useRemoveFromCartMutation,
  useEmptyCartMutation,
  useApplyVoucherMutation,
  useRemoveVoucherMutation,
} = cartApi;
