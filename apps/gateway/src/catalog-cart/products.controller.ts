import { CatalogRpc, productListSchema, type ListProductsResponse } from '@aero/contracts';
import { RpcClient, type RawJson } from '@aero/backend-messaging';
import { Controller, Get, Header, Headers, Res } from '@nestjs/common';
import { ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { matchesEtag, SharedAnswerCache } from '../http/shared-answer-cache.js';
import { apiSchema } from '../openapi/zod-schemas.js';

/** As long as catalog-cart keeps its own catalogue read model (products.service.ts). */
const PRODUCT_LIST_MAX_AGE_MS = 2000;

@ApiTags('catalog')
@Controller('api/products')
export class ProductsController {
  /**
   * The shop's hottest read is the same for everyone (no parameters, no session): kept as
   * catalog-cart's JSON text, never parsed and serialised again, and answered 304 to a browser
   * that already holds it.
   */
  private readonly productList: SharedAnswerCache;

  constructor(rpc: RpcClient) {
    this.productList = new SharedAnswerCache(PRODUCT_LIST_MAX_AGE_MS, () => rpc.callRaw(CatalogRpc.ListProducts, {}));
  }

  @Get()
  @Header('content-type', 'application/json; charset=utf-8')
  // The browser keeps it and asks again on each use (If-None-Match), so it is never staler than the gateway's copy.
  @Header('cache-control', 'public, no-cache')
  @ApiOperation({ summary: 'Every product of the shop' })
  @ApiOkResponse({ schema: apiSchema(productListSchema) })
  @ApiNotModifiedResponse({ description: 'The list has not changed since the ETag the browser sent (If-None-Match)' })
  @ApiServiceUnavailableResponse({ description: 'catalog-cart did not answer' })
  async list(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<RawJson<ListProductsResponse> | ''> {
    const { body, etag } = await this.productList.get();
    void reply.header('etag', etag);
    if (matchesEtag(ifNoneMatch, etag)) {
      void reply.status(304);
      return '';
    }
    return body;
  }
}
