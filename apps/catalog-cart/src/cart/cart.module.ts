import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module.js';
import { VoucherStore } from '../vouchers/voucher-store.js';
import { VouchersRpcController } from '../vouchers/vouchers.rpc.controller.js';
import { VouchersService } from '../vouchers/vouchers.service.js';
import { CartRpcController } from './cart.rpc.controller.js';
import { CartService } from './cart.service.js';
import { OrderPaidHandlers } from './order-paid.event-handlers.js';

/** Carts and the vouchers applied to them: pricing needs both, so they live together. */
@Module({
  imports: [ProductsModule],
  controllers: [CartRpcController, VouchersRpcController],
  providers: [CartService, VoucherStore, VouchersService, OrderPaidHandlers],
})
export class CartModule {}
