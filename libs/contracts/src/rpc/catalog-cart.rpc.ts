import type { ArticleDto, ClientLogoDto, FaqItemDto, SlideDto } from '../catalog/content.js';
import type { CartMeta, CartSnapshot, CartView } from '../catalog/cart.js';
import type {
  ArticleRequest,
  CartAddRequest,
  CartMergeRequest,
  CartRemoveRequest,
  ListProductsRequest,
  VoucherApplyRequest,
  VoucherReleaseRequest,
  VoucherReserveRequest,
} from '../catalog/cart.schema.js';
import type { ProductSearchRequest } from '../catalog/product-search.schema.js';
import type { ProductDto } from '../catalog/product.js';
import { defineRpc } from './rpc-definition.js';

export interface ListProductsResponse {
  data: ProductDto[];
}

export interface VoucherReservation {
  code: string;
  orderId: string;
  status: 'reserved' | 'consumed' | 'released';
}

/** RPCs answered by the catalog-cart service. */
export const CatalogRpc = {
  ListProducts: defineRpc<ListProductsRequest, ListProductsResponse>('catalog-cart.products.list'),
  SearchProducts: defineRpc<ProductSearchRequest, ListProductsResponse>('catalog-cart.products.search'),
} as const;

/**
 * The cart of the client's session, which the request context carries (`ClientSession`: a
 * visitor's session, or the user signed in on it); no payload names it.
 */
export const CartRpc = {
  Get: defineRpc<Record<string, never>, CartView>('catalog-cart.cart.get'),
  Add: defineRpc<CartAddRequest, CartView>('catalog-cart.cart.add'),
  Remove: defineRpc<CartRemoveRequest, CartView>('catalog-cart.cart.remove'),
  Empty: defineRpc<Record<string, never>, CartView>('catalog-cart.cart.empty'),
  /** The cart priced in cents, for checkout to turn into an order. */
  Snapshot: defineRpc<Record<string, never>, CartSnapshot>('catalog-cart.cart.snapshot'),
  /** Called by accounts at sign-in: the visitor's lines join the user's cart. */
  Merge: defineRpc<CartMergeRequest, CartView>('catalog-cart.cart.merge'),
} as const;

/** Vouchers on the session's cart (as CartRpc), and the uses orders take of them. */
export const VoucherRpc = {
  Apply: defineRpc<VoucherApplyRequest, CartMeta>('catalog-cart.voucher.apply'),
  Remove: defineRpc<Record<string, never>, CartMeta>('catalog-cart.voucher.remove'),
  /** Atomically takes one use of a voucher for an order; idempotent per order. */
  Reserve: defineRpc<VoucherReserveRequest, VoucherReservation>('catalog-cart.voucher.reserve'),
  /** Gives the use back when the order is cancelled; idempotent. */
  Release: defineRpc<VoucherReleaseRequest, { released: boolean }>('catalog-cart.voucher.release'),
} as const;

export const ContentRpc = {
  Faq: defineRpc<Record<string, never>, { data: FaqItemDto[] }>('catalog-cart.content.faq'),
  Article: defineRpc<ArticleRequest, { data: ArticleDto }>('catalog-cart.content.article'),
  Slides: defineRpc<Record<string, never>, { data: SlideDto[] }>('catalog-cart.content.slides'),
  ClientLogos: defineRpc<Record<string, never>, { data: ClientLogoDto[] }>('catalog-cart.content.client-logos'),
} as const;
