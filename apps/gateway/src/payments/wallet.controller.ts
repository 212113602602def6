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
import { Controller, Session } from '@nestjs/common';
import { ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Actor } from '../accounts/access/access.decorators.js';
import type { RequestSession } from '../session/request-session.js';
import { ZodBody, ZodQuery } from '../validation/zod-params.js';
import { PaymentAttempt } from './payment-limits.js';
import { PaymentTargets } from './payment-targets.js';
import { CapabilityRoute } from '../http/route-verb.js';

/** The wallet (spec: learning, wallet report; shop §3 wallet method) and free orders. */
@ApiTags('payments: wallet and free orders')
@Controller()
export class WalletController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly targets: PaymentTargets,
  ) {}

  @PaymentAttempt('walletPay', 'Pay the cart (or order_id) from the wallet balance → redirect_url of the success page', redirectAnswerSchema)
  @ApiUnprocessableEntityResponse({
    description: '`wallet.insufficient_funds` when the balance is short; "You cannot buy wallet funds with wallet funds."',
  })
  pay(@Actor() user: AccountUserDto, @Session() session: RequestSession, @ZodBody(payBodySchema) body: PayBody): Promise<RedirectAnswer> {
    return this.targets.pay(session, body.order_id, PaymentsRpc.PayWithWallet);
  }

  @PaymentAttempt('freePay', 'Complete an order whose total is 0 (e.g. with a 100 % voucher) → redirect_url of the success page', redirectAnswerSchema)
  @ApiUnprocessableEntityResponse({ description: '`order.not_free` when there is something to pay' })
  completeFree(@Actor() user: AccountUserDto, @Session() session: RequestSession, @ZodBody(payBodySchema) body: PayBody): Promise<RedirectAnswer> {
    return this.targets.pay(session, body.order_id, PaymentsRpc.CompleteFreeOrder);
  }

  @CapabilityRoute('GET', 'api/wallet', 'reports.view_own', 'Your wallet balance (from the ledger)', walletBalanceAnswerSchema)
  async balance(): Promise<{ data: WalletBalance }> {
    return { data: await this.rpc.call(PaymentsRpc.WalletBalance, {}) };
  }

  @CapabilityRoute('GET', 'api/wallet/ledger', 'reports.view_own', 'Your wallet report: ledger entries, newest first, with the balance', walletLedgerSchema)
  ledger(@ZodQuery(pageQuerySchema) query: PageQuery): Promise<WalletLedgerResponse> {
    return this.rpc.call(PaymentsRpc.WalletLedger, { page: query.page, per_page: query.per_page });
  }
}
