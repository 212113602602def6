import { CatalogRpc, productListSchema, type ListProductsResponse } from '@aero/contracts';
import { RpcClient, type RawJson } from '@aero/backend-messaging';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { apiSchema } from '../openapi/zod-schemas.js';

@ApiTags('catalog')
@Controller('api/products')
export class ProductsController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * The shop's hottest read: no parameters (so no validation), no session, one RPC, and the
   * answer's JSON text passed on as catalog-cart wrote it. Parsing it and serialising it again
   * would cost more than everything else the gateway does for this request.
   */
  @Get()
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'Every product of the shop' })
  @ApiOkResponse({ schema: apiSchema(productListSchema) })
  @ApiServiceUnavailableResponse({ description: 'catalog-cart did not answer' })
  list(): Promise<RawJson<ListProductsResponse>> {
    return this.rpc.callRaw(CatalogRpc.ListProducts, {});
  }
}
