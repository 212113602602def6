import { CatalogRpc, matchWebAppRoute, PRODUCT_PAGE_ROUTE } from '@aero/contracts';
import type { RpcClient } from '@aero/backend-messaging';
import { SharedAnswerCache } from '../http/shared-answer-cache.js';

/** As long as the product list controller keeps catalog-cart's answer (products.controller.ts). */
const PRODUCT_URLS_MAX_AGE_MS = 2000;

/**
 * Whether a browser navigation opens a screen of the web app (200) or nothing (404): the shared
 * list of screen addresses decides, and a product page also needs its product, which the
 * catalogue's product list (one call shared by every request for 2 s) tells. When catalog-cart
 * does not answer, a product page is answered 200: the page itself says the catalogue is down,
 * which is not a missing page.
 */
export class WebAppRoutes {
  private readonly products: SharedAnswerCache;
  private urls: { body: string; urls: Set<string> } | null = null;

  constructor(rpc: RpcClient) {
    this.products = new SharedAnswerCache(PRODUCT_URLS_MAX_AGE_MS, () => rpc.callRaw(CatalogRpc.ListProducts, {}));
  }

  async statusOf(url: string): Promise<200 | 404> {
    const match = matchWebAppRoute(url.split(/[?#]/, 1)[0]);
    if (!match) return 404;
    if (match.route !== PRODUCT_PAGE_ROUTE) return 200;
    const urls = await this.productUrls().catch(() => null);
    if (!urls) return 200;
    // The web app finds the product by its exact slug (useProductBySlug), so does this.
    return urls.has(`/e-shop/${match.params['slug']}`) ? 200 : 404;
  }

  /** The product pages' addresses, parsed once per version of the list. */
  private async productUrls(): Promise<Set<string>> {
    const { body } = await this.products.get();
    if (this.urls?.body !== body) {
      const list = JSON.parse(body) as { data: { url: string }[] };
      this.urls = { body, urls: new Set(list.data.map((product) => product.url)) };
    }
    return this.urls.urls;
  }
}
