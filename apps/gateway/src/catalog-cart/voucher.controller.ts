import { VoucherRpc, type CartMeta } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Delete, HttpCode, Param, Post, Session } from '@nestjs/common';
import { ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import type { RequestSession } from '../session/request-session.js';
import { carryClientSession } from '../session/client-session.js';

export interface VoucherAnswer {
  cart: { meta: CartMeta };
  message: string;
}

/** Guessing codes is the abuse to stop, so the limit counts per address. */
const VOUCHER_RATE_LIMIT = { name: 'voucher-apply', limit: 20, windowSeconds: 60, by: 'ip' } as const;

/** Vouchers on the cart (spec: shop §7): the answers carry the cart's new totals. */
@ApiTags('cart')
@Controller('voucher')
export class VoucherController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('apply/:code')
  @HttpCode(200)
  @RateLimit(VOUCHER_RATE_LIMIT)
  @ApiOperation({ summary: 'Apply a voucher code to the cart' })
  @ApiUnprocessableEntityResponse({ description: 'The voucher was refused; the reason is under errors.code' })
  async apply(@Session() session: RequestSession, @Param('code') code: string): Promise<VoucherAnswer> {
    await carryClientSession(session);
    const meta = await this.rpc.call(VoucherRpc.Apply, { code });
    return { cart: { meta }, message: 'Voucher applied.' };
  }

  /** The form posted with an empty code: answered by catalog-cart's "required" rule. */
  @Post('apply')
  @HttpCode(200)
  @RateLimit(VOUCHER_RATE_LIMIT)
  @ApiOperation({ summary: 'Apply without a code: always a 422 "required"' })
  async applyWithoutCode(@Session() session: RequestSession): Promise<VoucherAnswer> {
    return this.apply(session, '');
  }

  @Delete('remove')
  @ApiOperation({ summary: 'Remove the voucher from the cart' })
  async remove(@Session() session: RequestSession): Promise<VoucherAnswer> {
    await carryClientSession(session);
    const meta = await this.rpc.call(VoucherRpc.Remove, {});
    return { cart: { meta }, message: 'Voucher removed.' };
  }
}
