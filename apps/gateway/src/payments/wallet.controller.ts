import {
  pageQuerySchema,
  payBodySchema,
  PaymentsRpc,
  redirectAnswerSchema,
  walletBalanceAnswerSchema,
  walletLedgerSchema,
  type AccountUserDto,
  type PageQuery,
  type PayBody,
  type RedirectAnswer,
  type WalletBalance,
  type WalletLedgerResponse,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, HttpCode, Post, Session } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Actor, Can } from '../accounts/access/access.decorators.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import type { RequestSession } from '../session/request-session.js';
import { ZodBody, ZodQuery } from '../validation/zod-params.js';
import { PAYMENT_ATTEMPTS_LIMIT, PROVIDER_CALL } from './payment-limits.js';
import { routeOf } from './payment-routes.js';
import { PaymentTargets } from './payment-targets.js';

/** The wallet (spec: learning, wallet report; shop §3 wallet method) and free orders. */
@ApiTags('payments: wallet and free orders')
@Controller()
export class WalletController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly targets: PaymentTargets,
  ) {}

  @Post(routeOf('walletPay'))
  @HttpCode(200)
  @RateLimit(PAYMENT_ATTEMPTS_LIMIT)
  @Can('order.place')
  @ApiOperation({ summary: 'Pay the cart (or order_id) from the wallet balance → redirect_url of the success page' })
  @ApiOkResponse({ schema: apiSchema(redirectAnswerSchema) })
  @ApiUnprocessableEntityResponse({
    description: '`wallet.insufficient_funds` when the balance is short; "You cannot buy wallet funds with wallet funds."',
  })
  @ApiTooManyRequestsResponse({ description: 'More than 20 payment attempts a minute in this session' })
  async pay(@Actor() user: AccountUserDto, @Session() session: RequestSession, @ZodBody(payBodySchema) body: PayBody): Promise<RedirectAnswer> {
    const target = await this.targets.of(session, body.order_id);
    return this.rpc.call(PaymentsRpc.PayWithWallet, target, PROVIDER_CALL);
  }

  @Post(routeOf('freePay'))
  @HttpCode(200)
  @RateLimit(PAYMENT_ATTEMPTS_LIMIT)
  @Can('order.place')
  @ApiOperation({ summary: 'Complete an order whose total is 0 (e.g. with a 100 % voucher) → redirect_url of the success page' })
  @ApiOkResponse({ schema: apiSchema(redirectAnswerSchema) })
  @ApiUnprocessableEntityResponse({ description: '`order.not_free` when there is something to pay' })
  @ApiTooManyRequestsResponse({ description: 'More than 20 payment attempts a minute in this session' })
  async completeFree(@Actor() user: AccountUserDto, @Session() session: RequestSession, @ZodBody(payBodySchema) body: PayBody): Promise<RedirectAnswer> {
    const target = await this.targets.of(session, body.order_id);
    return this.rpc.call(PaymentsRpc.CompleteFreeOrder, target, PROVIDER_CALL);
  }

  @Get('api/wallet')
  @Can('reports.view_own')
  @ApiOperation({ summary: 'Your wallet balance (from the ledger)' })
  @ApiOkResponse({ schema: apiSchema(walletBalanceAnswerSchema) })
  async balance(): Promise<{ data: WalletBalance }> {
    return { data: await this.rpc.call(PaymentsRpc.WalletBalance, {}) };
  }

  @Get('api/wallet/ledger')
  @Can('reports.view_own')
  @ApiOperation({ summary: 'Your wallet report: ledger entries, newest first, with the balance' })
  @ApiOkResponse({ schema: apiSchema(walletLedgerSchema) })
  ledger(@ZodQuery(pageQuerySchema) query: PageQuery): Promise<WalletLedgerResponse> {
    return this.rpc.call(PaymentsRpc.WalletLedger, { page: query.page, per_page: query.per_page });
  }
}
