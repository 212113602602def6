import {
  cancelOrderAnswerSchema,
  orderAnswerSchema,
  orderListSchema,
  pageQuerySchema,
  PaymentsRpc,
  type ListOrdersResponse,
  type OrderDto,
  type CancelOrderResponse,
  type PageQuery,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Param } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { ZodQuery } from '../validation/zod-params.js';
import { CapabilityRoute } from '../http/route-verb.js';

export const ORDER_CANCELED_MESSAGE = 'The order was canceled.';

/** The orders and invoices screen (spec: learning §2, §4 "Order cancellation", §7). Only your own orders. */
@ApiTags('orders')
@Controller()
export class OrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @CapabilityRoute('GET', 'api/orders', 'orders.view_own', 'Your orders, newest first (money in euros), with can_cancel and invoice_available', orderListSchema)
  list(@ZodQuery(pageQuerySchema) query: PageQuery): Promise<ListOrdersResponse> {
    return this.rpc.call(PaymentsRpc.ListOrders, { page: query.page, per_page: query.per_page });
  }

  @CapabilityRoute('GET', 'api/orders/:uuid', 'orders.view_own', 'One of your orders (money in cents): the success page', orderAnswerSchema)
  @ApiNotFoundResponse({ description: 'Not an order of yours' })
  async get(@Param('uuid') orderId: string): Promise<{ data: OrderDto }> {
    return { data: await this.rpc.call(PaymentsRpc.GetOrder, { orderId }) };
  }

  @CapabilityRoute('POST', 'orders/cancel/:uuid', 'orders.view_own', 'Cancel one of your orders while it is not paid (its voucher is released); twice is harmless', cancelOrderAnswerSchema)
  @ApiNotFoundResponse({ description: 'Not an order of yours' })
  @ApiConflictResponse({ description: '"A paid order cannot be canceled."' })
  async cancel(@Param('uuid') orderId: string): Promise<CancelOrderResponse & { message: string }> {
    const answer = await this.rpc.call(PaymentsRpc.CancelOrder, { orderId });
    return { ...answer, message: ORDER_CANCELED_MESSAGE };
  }
}
