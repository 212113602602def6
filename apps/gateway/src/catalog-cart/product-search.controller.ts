import { CatalogRpc, type ListProductsResponse } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ProductSearchQuery } from './search.dto.js';

/** Typo-tolerant product search (spec: shop §7), used by the search dropdown and organize-course. */
@ApiTags('catalog')
@Controller()
export class ProductSearchController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('api/products/search')
  @ApiOperation({ summary: 'Search products by name' })
  search(@Query() query: ProductSearchQuery): Promise<ListProductsResponse> {
    return this.rpc.call(CatalogRpc.SearchProducts, { query: query.query ?? '', limit: query.limit ?? 10, type: query.type });
  }

  @Get('product-search')
  @ApiOperation({ summary: 'Search products by name (limit, optional type)' })
  productSearch(@Query() query: ProductSearchQuery): Promise<ListProductsResponse> {
    return this.search(query);
  }
}
