import {
  CatalogRpc,
  PRODUCT_TYPES,
  type ListProductsRequest,
  type ListProductsResponse,
  type SearchProductsRequest,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProductsService } from './products.service.js';

const MAX_SEARCH_LIMIT = 50;

@Controller()
export class ProductsRpcController {
  constructor(private readonly products: ProductsService) {}

  @MessagePattern(CatalogRpc.ListProducts.pattern)
  async list(@Payload() request: ListProductsRequest): Promise<ListProductsResponse> {
    return { data: await this.products.list(request?.type) };
  }

  @MessagePattern(CatalogRpc.SearchProducts.pattern)
  async search(@Payload() request: SearchProductsRequest): Promise<ListProductsResponse> {
    const limit = request.limit ?? 10;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
      throw DomainError.field('limit', `The limit must be a whole number between 1 and ${MAX_SEARCH_LIMIT}.`);
    }
    if (request.type !== undefined && !PRODUCT_TYPES.includes(request.type)) {
      throw DomainError.field('type', 'The selected type is invalid.');
    }
    return { data: await this.products.search(String(request.query ?? ''), limit, request.type) };
  }
}
