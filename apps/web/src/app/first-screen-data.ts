import { productSlug, productsApi } from '@aero/web-catalog-data-access';
import { contentApi } from '@aero/web-content-data-access';
import type { makeStore } from '@aero/web-shared-store';

type Store = ReturnType<typeof makeStore>;

/** Fetches a picture ahead of the screen that shows it (the screen's largest paint). */
function preloadImage(href: string): void {
  document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href, fetchPriority: 'high' }));
}

/**
 * The data of the first screen whose largest paint depends on it, asked for as the app starts,
 * alongside the screen's chunks instead of once they have loaded; its picture is fetched as soon
 * as its address is known. The answers stay cached while the screen subscribes to them.
 *   /               the slides (the first one is the largest paint)
 *   /e-shop/:slug   the products (the product's picture)
 */
export function prefetchFirstScreen(store: Store, pathname: string): void {
  if (pathname === '/') {
    const slides = store.dispatch(contentApi.endpoints.getSlides.initiate());
    void slides
      .then(({ data }) => {
        if (data?.[0]) preloadImage(data[0].image);
      })
      .finally(() => slides.unsubscribe());
  }
  const slug = /^\/e-shop\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (slug) {
    const products = store.dispatch(productsApi.endpoints.getProducts.initiate());
    void products
      .then(({ data }) => {
        const product = data?.find((candidate) => productSlug(candidate) === slug);
        if (product) preloadImage(product.images['16by9']);
      })
      .finally(() => products.unsubscribe());
  }
}
