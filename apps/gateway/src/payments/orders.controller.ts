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
import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Can } from '../accounts/access/access.decorators.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import { ZodQuery } from '../validation/zod-params.js';

export const ORDER_CANCELED_MESSAGE = 'The order was canceled.';

/** The orders and invoices screen (spec: learning §2, §4 "Order cancellation", §7). Only your own orders. */
@ApiTags('orders')
@Controller()
export class OrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('api/orders')
  @Can('orders.view_own')
  @ApiOperation({ summary: 'Your orders, newest first (money in euros), with can_cancel and invoice_available' })
  @ApiOkResponse({ schema: apiSchema(orderListSchema) })
  list(@ZodQuery(pageQuerySchema) query: PageQuery): Promise<ListOrdersResponse> {
    return this.rpc.call(PaymentsRpc.ListOrders, { page: query.page, per_page: query.per_page });
  }

  @Get('api/orders/:uuid')
  @Can('orders.view_own')
  @ApiOperation({ summary: 'One of your orders (money in cents): the success page' })
  @ApiOkResponse({ schema: apiSchema(orderAnswerSchema) })
  @ApiNotFoundResponse({ description: 'Not an order of yours' })
  async get(@Param('uuid') orderId: string): Promise<{ data: OrderDto }> {
    return { data: await this.rpc.call(PaymentsRpc.GetOrder, { orderId }) };
  }

  @Post('orders/cancel/:uuid')
  @HttpCode(200)
  @Can('orders.view_own')
  @ApiOperation({ summary: 'Cancel one of your orders while it is not paid (its voucher is released); twice is harmless' })
  @ApiOkResponse({ schema: apiSchema(cancelOrderAnswerSchema) })
  @ApiNotFoundResponse({ description: 'Not an order of yours' })
  @ApiConflictResponse({ description: '"A paid order cannot be canceled."' })
  async cancel(@Param('uuid') orderId: string): Promise<CancelOrderResponse & { message: string }> {
    const answer = await this.rpc.call(PaymentsRpc.CancelOrder, { orderId });
    return { ...answer, message: ORDER_CANCELED_MESSAGE };
  }
}
