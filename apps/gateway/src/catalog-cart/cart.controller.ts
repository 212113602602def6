import { cartAddBodySchema, cartRemoveBodySchema, CartRpc, type CartAddBody, type CartRemoveBody, type CartView } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Delete, Get, HttpCode, Post, Session } from '@nestjs/common';
import { ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { RequestSession } from '../session/request-session.js';
import { ZodBody } from '../validation/zod-params.js';
import { carryClientSession } from '../session/client-session.js';

/** The cart of the current visitor or user (spec: shop §7). Totals are computed by catalog-cart. */
@ApiTags('cart')
@Controller('api/cart')
export class CartController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({ summary: 'The cart: lines (data) and totals (meta)' })
  async get(@Session() session: RequestSession): Promise<CartView> {
    await carryClientSession(session);
    return this.rpc.call(CartRpc.Get, {});
  }

  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add to a line, or set its quantity with update' })
  @ApiUnprocessableEntityResponse({ description: 'Unknown product or invalid quantity' })
  async add(@Session() session: RequestSession, @ZodBody(cartAddBodySchema) body: CartAddBody): Promise<CartView> {
    await carryClientSession(session);
    return this.rpc.call(CartRpc.Add, body);
  }

  @Delete('remove')
  @ApiOperation({ summary: 'Remove a line (product_id in the body)' })
  async remove(@Session() session: RequestSession, @ZodBody(cartRemoveBodySchema) body: CartRemoveBody): Promise<CartView> {
    await carryClientSession(session);
    return this.rpc.call(CartRpc.Remove, { product_id: body.product_id });
  }

  @Delete('empty')
  @ApiOperation({ summary: 'Remove every line and the voucher' })
  async empty(@Session() session: RequestSession): Promise<CartView> {
    await carryClientSession(session);
    return this.rpc.call(CartRpc.Empty, {});
  }
}
