import type {
  BankWireInstructions,
  CardForm,
  CardPayAnswer,
  PaymentPageProps,
  PayPalCaptureAnswer,
  PayPalCreateOrderAnswer,
  RedirectAnswer,
  SandboxPayPalDecideRequest,
  SandboxPayPalView,
  SandboxRedirect,
  SandboxThreeDsCompleteRequest,
  SandboxThreeDsView,
} from '@aero/contracts';
import { baseApi } from '@aero/web-shared-api';
import { flashShown, type FlashKind } from '@aero/web-shared-store';

/** Data routes of the checkout screens (the pay routes come with the payment page props). */
export const CheckoutApiPaths = {
  paymentPageProps: '/api/checkout',
  flash: '/api/flash',
  bankWire: (orderId: string) => `/api/payments/bank-wire/${encodeURIComponent(orderId)}`,
  sandboxThreeDs: (transactionId: string) => `/api/sandbox/3ds/${encodeURIComponent(transactionId)}`,
  sandboxThreeDsComplete: (transactionId: string) => `/sandbox/3ds/${encodeURIComponent(transactionId)}/complete`,
  sandboxPayPal: (orderID: string) => `/api/sandbox/paypal/${encodeURIComponent(orderID)}`,
  sandboxPayPalDecide: (orderID: string) => `/sandbox/paypal/${encodeURIComponent(orderID)}/decide`,
} as const;

/** The one-time message the server kept for the next page (e.g. after a failed card callback). */
export interface FlashNotice {
  kind: FlashKind;
  text: string;
}

/** What `GET /api/flash` answers (apps/gateway/src/payments/flash.ts). */
interface FlashAnswer {
  data: { type: FlashKind; message: string; code?: string } | null;
}

/** The one-time flash of `GET /api/flash`, or null when there is none. */
export function readFlashNotice(answer: FlashAnswer): FlashNotice | null {
  const flash = answer.data;
  if (!flash?.message) return null;
  return { kind: flash.type === 'success' ? 'success' : 'error', text: flash.message };
}

export interface CardPayArgs {
  /** `routes.mangopay` of the payment page props. */
  url: string;
  card: CardForm;
}

export interface PayPalCreateOrderArgs {
  /** `routes.paypal_credit`. */
  url: string;
  method: 'paypal_credit' | 'paypal';
}

export const checkoutApiWithTags = baseApi.enhanceEndpoints({ addTagTypes: ['Checkout', 'Wallet'] });

/**
 * What a pay call may change besides the page it leads to: the buyer's orders list (a new or
 * paid order) and wallet balance. The next page is often a screen of this app reached without
 * a page load (wallet, free, bank wire, PayPal buttons), so the orders screen must not show
 * what it read before the payment.
 */
const PAYMENT_CHANGES = [{ type: 'Order' as const, id: 'LIST' }, 'Wallet' as const];

/**
 * Checkout and payment calls (shop §7, apps/payments/README.md). Pay calls are mutations whose
 * answers the pages follow; they invalidate the orders list and the wallet (`PAYMENT_CHANGES`).
 */
export const checkoutApi = checkoutApiWithTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/checkout: the payment page props (401 when signed out, 422 for an empty cart); not wrapped in `data`. */
    getPaymentPageProps: build.query<PaymentPageProps, void>({
      query: () => CheckoutApiPaths.paymentPageProps,
      // The cart (and who is signed in) decide the price and the methods.
      providesTags: ['Checkout', 'Cart'],
    }),

    /**
     * GET /api/flash: the one-time message kept by the server, shown as a flash when it arrives.
     * Never cached: each read consumes it.
     */
    getFlash: build.query<FlashNotice | null, void>({
      query: () => CheckoutApiPaths.flash,
      transformResponse: readFlashNotice,
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const notice = await queryFulfilled.then(({ data }) => data).catch(() => null);
        if (notice) dispatch(flashShown(notice));
      },
    }),

    /** POST the card form to `routes.mangopay` → `security_url` or `success` + `processed`. */
    payByCard: build.mutation<CardPayAnswer, CardPayArgs>({
      query: ({ url, card }) => ({ url, method: 'POST', body: card }),
      invalidatesTags: PAYMENT_CHANGES,
    }),

    /** POST to a method's pay route (paypal, bankwire, wallet, free) → `redirect_url`. */
    payWithRedirect: build.mutation<RedirectAnswer, { url: string }>({
      // The routes take an optional `order_id`; without it the cart is placed as an order now.
      query: ({ url }) => ({ url, method: 'POST', body: {} }),
      invalidatesTags: PAYMENT_CHANGES,
    }),

    /** POST /pay-pal-payment-gateway/create-order → `result.id`. */
    createPayPalOrder: build.mutation<PayPalCreateOrderAnswer, PayPalCreateOrderArgs>({
      query: ({ url, method }) => ({ url, method: 'POST', body: { method } }),
      invalidatesTags: PAYMENT_CHANGES,
    }),

    /** POST /pay-pal-payment-gateway/capture-payment/{orderID} → `result.details`, `result.success_redirect_url`. */
    capturePayPalOrder: build.mutation<PayPalCaptureAnswer, { url: string }>({
      query: ({ url }) => ({ url, method: 'POST' }),
      invalidatesTags: PAYMENT_CHANGES,
    }),

    /** GET /api/payments/bank-wire/{orderId}: the transfer instructions. */
    getBankWireInstructions: build.query<BankWireInstructions, string>({
      query: (orderId) => CheckoutApiPaths.bankWire(orderId),
      transformResponse: (answer: { data: BankWireInstructions }) => answer.data,
      providesTags: (_answer, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),

    /** Sandbox provider: GET /api/sandbox/3ds/{id}. */
    getSandboxThreeDs: build.query<SandboxThreeDsView, string>({
      query: (transactionId) => CheckoutApiPaths.sandboxThreeDs(transactionId),
      transformResponse: (answer: { data: SandboxThreeDsView }) => answer.data,
      keepUnusedDataFor: 0,
    }),

    /** Sandbox provider: POST /sandbox/3ds/{id}/complete `{ outcome }` → `redirect_url`. */
    completeSandboxThreeDs: build.mutation<SandboxRedirect, SandboxThreeDsCompleteRequest>({
      query: ({ transactionId, outcome }) => ({ url: CheckoutApiPaths.sandboxThreeDsComplete(transactionId), method: 'POST', body: { outcome } }),
    }),

    /** Sandbox provider: GET /api/sandbox/paypal/{orderID}. */
    getSandboxPayPal: build.query<SandboxPayPalView, string>({
      query: (orderID) => CheckoutApiPaths.sandboxPayPal(orderID),
      transformResponse: (answer: { data: SandboxPayPalView }) => answer.data,
      keepUnusedDataFor: 0,
    }),

    /** Sandbox provider: POST /sandbox/paypal/{orderID}/decide `{ outcome }` → `redirect_url` (null for the buttons). */
    decideSandboxPayPal: build.mutation<SandboxRedirect, SandboxPayPalDecideRequest>({
      query: ({ paypalOrderId, outcome }) => ({ url: CheckoutApiPaths.sandboxPayPalDecide(paypalOrderId), method: 'POST', body: { outcome } }),
    }),
  }),
});

export const {
  useGetPaymentPagePropsQuery,
  useGetFlashQuery,
  usePayByCardMutation,
  usePayWithRedirectMutation,
  useCreatePayPalOrderMutation,
  useCapturePayPalOrderMutation,
  useGetBankWireInstructionsQuery,
  useGetSandboxThreeDsQuery,
  useCompleteSandboxThreeDsMutation,
  useGetSandboxPayPalQuery,
  useDecideSandboxPayPalMutation,
} = checkoutApi;
