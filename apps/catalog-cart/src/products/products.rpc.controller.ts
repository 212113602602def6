import { CatalogRpc, listProductsRequestSchema, productSearchQuerySchema, type ListProductsRequest, type ListProductsResponse, type ProductSearchQuery } from '@aero/contracts';
import { ZodPayload } from '@aero/backend-messaging';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ProductsService } from './products.service.js';

@Controller()
export class ProductsRpcController {
  constructor(private readonly products: ProductsService) {}

  @MessagePattern(CatalogRpc.ListProducts.pattern)
  async list(@ZodPayload(listProductsRequestSchema) request: ListProductsRequest): Promise<ListProductsResponse> {
    return { data: await this.products.list(request.type) };
  }

  /** The gateway's search query, parsed with the same schema (limit 1 to 50, default 10). */
  @MessagePattern(CatalogRpc.SearchProducts.pattern)
  async search(@ZodPayload(productSearchQuerySchema) request: ProductSearchQuery): Promise<ListProductsResponse> {
    return { data: await this.products.search(request.query ?? '', request.limit ?? 10, request.type) };
  }
}
