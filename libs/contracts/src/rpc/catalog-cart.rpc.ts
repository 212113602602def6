import type { ArticleDto, ClientLogoDto, FaqItemDto, SlideDto } from '../catalog/content.js';
import type { CartMeta, CartOwner, CartSnapshot, CartView } from '../catalog/cart.js';
import type { ProductDto, ProductType } from '../catalog/product.js';
import { defineRpc } from './rpc-definition.js';

export interface ListProductsRequest {
  type?: string;
}
export interface ListProductsResponse {
  data: ProductDto[];
}

export interface SearchProductsRequest {
  query: string;
  limit?: number;
  type?: ProductType;
}

export interface CartAddRequest {
  owner: CartOwner;
  product_id: number;
  quantity: number;
  /** With update the quantity is set; without it, it is added to the line. */
  update?: boolean;
}

export interface CartRemoveRequest {
  owner: CartOwner;
  product_id: number;
}

export interface CartMergeRequest {
  sessionId: string;
  userId: string;
}

export interface VoucherApplyRequest {
  owner: CartOwner;
  code: string;
}

export interface VoucherReserveRequest {
  code: string;
  orderId: string;
  userId: string | null;
  /** Products of the order, to re-check the voucher's restrictions at order time. */
  productIds: number[];
}
export interface VoucherReservation {
  code: string;
  orderId: string;
  status: 'reserved' | 'consumed' | 'released';
}

/** RPCs answered by the catalog-cart service. */
export const CatalogRpc = {
  ListProducts: defineRpc<ListProductsRequest, ListProductsResponse>('catalog-cart.products.list'),
  SearchProducts: defineRpc<SearchProductsRequest, ListProductsResponse>('catalog-cart.products.search'),
} as const;

export const CartRpc = {
  Get: defineRpc<{ owner: CartOwner }, CartView>('catalog-cart.cart.get'),
  Add: defineRpc<CartAddRequest, CartView>('catalog-cart.cart.add'),
  Remove: defineRpc<CartRemoveRequest, CartView>('catalog-cart.cart.remove'),
  Empty: defineRpc<{ owner: CartOwner }, CartView>('catalog-cart.cart.empty'),
  /** The cart priced in cents, for checkout to turn into an order. */
  Snapshot: defineRpc<{ owner: CartOwner }, CartSnapshot>('catalog-cart.cart.snapshot'),
  /** Called by accounts at sign-in: the visitor's lines join the user's cart. */
  Merge: defineRpc<CartMergeRequest, CartView>('catalog-cart.cart.merge'),
} as const;

export const VoucherRpc = {
  Apply: defineRpc<VoucherApplyRequest, CartMeta>('catalog-cart.voucher.apply'),
  Remove: defineRpc<{ owner: CartOwner }, CartMeta>('catalog-cart.voucher.remove'),
  /** Atomically takes one use of a voucher for an order; idempotent per order. */
  Reserve: defineRpc<VoucherReserveRequest, VoucherReservation>('catalog-cart.voucher.reserve'),
  /** Gives the use back when the order is cancelled; idempotent. */
  Release: defineRpc<{ orderId: string }, { released: boolean }>('catalog-cart.voucher.release'),
} as const;

export const ContentRpc = {
  Faq: defineRpc<Record<string, never>, { data: FaqItemDto[] }>('catalog-cart.content.faq'),
  Article: defineRpc<{ slug: string }, { data: ArticleDto }>('catalog-cart.content.article'),
  Slides: defineRpc<Record<string, never>, { data: SlideDto[] }>('catalog-cart.content.slides'),
  ClientLogos: defineRpc<Record<string, never>, { data: ClientLogoDto[] }>('catalog-cart.content.client-logos'),
} as const;
