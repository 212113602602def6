import { Module } from '@nestjs/common';
import { ProductsRpcController } from './products.rpc.controller.js';
import { ProductsService } from './products.service.js';

@Module({
  controllers: [ProductsRpcController],
  providers: [ProductsService],
  exports: [ProductsService],
})
export class ProductsModule {}
