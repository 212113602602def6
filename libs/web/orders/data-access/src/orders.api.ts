import type { ListOrdersResponse, OrderDto, OrderStatus, PaymentKind, WalletBalance } from '@aero/contracts';
import { baseApi } from '@aero/web-shared-api';
import { formatEur } from '@aero/web-shared-util';

/** Routes of the orders/invoices screen (learning §7). */
export const OrdersPaths = {
  list: '/api/orders',
  order: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}`,
  /** POST: cancels an unpaid order (learning: "POST /orders/cancel/{uuid}"). */
  cancel: (orderId: string) => `/orders/cancel/${encodeURIComponent(orderId)}`,
  /** GET: the PDF invoice of a paid order. */
  invoice: (orderId: string) => `/orders/${encodeURIComponent(orderId)}/invoice`,
  wallet: '/api/wallet',
} as const;

/** What the success page shows of one order. */
export interface OrderSummary {
  id: string;
  reference: string;
  status: OrderStatus;
  payment_kind: PaymentKind;
  formatted_total: string;
}

/** `GET /api/orders/{uuid}` answers the order as services hold it (`OrderDto`, cents). */
export function toOrderSummary(order: OrderDto): OrderSummary {
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    payment_kind: order.paymentKind,
    formatted_total: formatEur(order.totals.finalCents / 100),
  };
}

export const ordersApiWithTags = baseApi.enhanceEndpoints({ addTagTypes: ['Wallet'] });

/** The buyer's orders and wallet (learning: orders/invoices screen, wallet balance). */
export const ordersApi = ordersApiWithTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/orders?page=: newest first, with pagination. */
    listOrders: build.query<ListOrdersResponse, { page: number }>({
      query: ({ page }) => `${OrdersPaths.list}?page=${page}`,
      providesTags: (answer) => [{ type: 'Order', id: 'LIST' }, ...(answer?.data ?? []).map((order) => ({ type: 'Order' as const, id: order.id }))],
    }),

    /** GET /api/orders/{uuid}: one order of the buyer (the success page), `{ data: OrderDto }`. */
    getOrder: build.query<OrderSummary, string>({
      query: (orderId) => OrdersPaths.order(orderId),
      transformResponse: (answer: { data: OrderDto }) => toOrderSummary(answer.data),
      providesTags: (_answer, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),

    /** GET /api/wallet: the balance derived from the wallet ledger. */
    getWallet: build.query<WalletBalance, void>({
      query: () => OrdersPaths.wallet,
      transformResponse: (answer: { data: WalletBalance }) => answer.data,
      providesTags: ['Wallet'],
    }),
  }),
});

export const { useListOrdersQuery, useGetOrderQuery, useGetWalletQuery } = ordersApi;
