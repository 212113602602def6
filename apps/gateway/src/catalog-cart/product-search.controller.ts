import { CatalogRpc, productSearchQuerySchema, type ListProductsResponse, type ProductSearchQuery } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ZodQuery } from '../validation/zod-params.js';

/** Typo-tolerant product search (spec: shop §7), used by the search dropdown and organize-course. */
@ApiTags('catalog')
@Controller()
export class ProductSearchController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('api/products/search')
  @ApiOperation({ summary: 'Search products by name' })
  search(@ZodQuery(productSearchQuerySchema) query: ProductSearchQuery): Promise<ListProductsResponse> {
    return this.rpc.call(CatalogRpc.SearchProducts, { query: query.query ?? '', limit: query.limit ?? 10, type: query.type });
  }

  @Get('product-search')
  @ApiOperation({ summary: 'Search products by name (limit, optional type)' })
  productSearch(@ZodQuery(productSearchQuerySchema) query: ProductSearchQuery): Promise<ListProductsResponse> {
    return this.search(query);
  }
}
