import { CatalogRpc, type ListProductsRequest, type ListProductsResponse } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProductsService } from './products.service.js';

@Controller()
export class ProductsRpcController {
  constructor(private readonly products: ProductsService) {}

  @MessagePattern(CatalogRpc.ListProducts.pattern)
  async list(@Payload() request: ListProductsRequest): Promise<ListProductsResponse> {
    return { data: await this.products.list(request?.type) };
  }
}
