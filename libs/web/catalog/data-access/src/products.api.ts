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

    /** The top menu's product search: GET /api/products/search?query= answers `data`. */
    searchProducts: build.query<ProductDto[], string>({
      query: (query) => ({ url: '/api/products/search', params: { query } }),
      transformResponse: (response: ListProductsResponse) => response.data,
      providesTags: [{ type: 'Product' as const, id: 'SEARCH' }],
    }),

    /** Course search (organize-course step 1): GET /product-search?query=&limit=10&type=course. */
    searchCourses: build.query<ProductDto[], string>({
      query: (query) => ({ url: '/product-search', params: { query, limit: PRODUCT_SEARCH_LIMIT, type: 'course' } }),
      transformResponse: (response: ListProductsResponse) => response.data,
      providesTags: [{ type: 'Product' as const, id: 'SEARCH' }],
    }),
  }),
});

export const { useGetProductsQuery, useSearchProductsQuery, useSearchCoursesQuery } = productsApi;

/** How many products `/product-search` returns (shop §7). */
export const PRODUCT_SEARCH_LIMIT = 10;

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
