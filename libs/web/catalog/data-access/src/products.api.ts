import type { ListProductsResponse, ProductDto } from '@aero/contracts';
import { baseApi } from '@aero/web-shared-api';

/** Catalogue endpoints (spec: GET /api/products answers `data`, a list of products). */
export const productsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductDto[], void>({
      query: () => '/api/products',
      transformResponse: (response: ListProductsResponse) => response.data,
      providesTags: (products = []) => [
        { type: 'Product' as const, id: 'LIST' },
        ...products.map((product) => ({ type: 'Product' as const, id: product.id })),
      ],
    }),
  }),
});

export const { useGetProductsQuery } = productsApi;

/** Slug of a product address: `/e-shop/part-145-initial-training` → `part-145-initial-training`. */
export function productSlug(product: Pick<ProductDto, 'url'>): string {
  return product.url.replace(/\/+$/, '').split('/').pop() ?? '';
}

/** The product whose page is `/e-shop/:slug`, from the listing already in the cache. */
export function useProductBySlug(slug: string | undefined) {
  return useGetProductsQuery(undefined, {
    selectFromResult: (result) => ({
      ...result,
      product: result.data?.find((product) => productSlug(product) === slug),
    }),
  });
}
