import type { ProductDto } from '../catalog/product.js';
import { defineRpc } from './rpc-definition.js';

export interface ListProductsRequest {
  type?: string;
}
export interface ListProductsResponse {
  data: ProductDto[];
}

/** RPCs answered by the catalog-cart service. */
export const CatalogRpc = {
  ListProducts: defineRpc<ListProductsRequest, ListProductsResponse>('catalog-cart.products.list'),
} as const;
