import {
  bankWireInstructionsAnswerSchema,
  confirmBankWireBodySchema,
  confirmedBankWireAnswerSchema,
  payBodySchema,
  PaymentsRpc,
  redirectAnswerSchema,
  type AccountUserDto,
  type BankWireInstructions,
  type ConfirmBankWireBody,
  type OrderDto,
  type PayBody,
  type RedirectAnswer,
} from '@aero/contracts';
import { RemoteError } from '@aero/backend-errors';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, ForbiddenException, HttpCode, Param, Post, Session, UnprocessableEntityException } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { NOT_ALLOWED_MESSAGE } from '../accounts/access/account-access.js';
import { Actor, SignedIn } from '../accounts/access/access.decorators.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import type { RequestSession } from '../session/request-session.js';
import { ZodBody } from '../validation/zod-params.js';
import { PaymentAttempt } from './payment-limits.js';
import { PaymentTargets } from './payment-targets.js';
import { CapabilityRoute } from '../http/route-verb.js';

export const BANK_WIRE_CONFIRMED_MESSAGE = 'The transfer was recorded: the order is paid.';

/**
 * Recording a received transfer marks an order paid without any provider: only platform
 * administrators may (docs/permissions.md has no narrower capability for it yet).
 */
export function isPaymentsOperator(user: AccountUserDto): boolean {
  return user.roles.includes('administrator') && user.status === 'active';
}

/** Bank wire: the order waits for the transfer, whose arrival an operator records. */
@ApiTags('payments: bank wire')
@Controller()
export class BankWireController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly targets: PaymentTargets,
  ) {}

  @PaymentAttempt('bankWirePay', 'Pay the cart (or order_id) by bank wire → redirect_url of the transfer instructions page', redirectAnswerSchema)
  @ApiUnprocessableEntityResponse({ description: '"Your cart is empty."' })
  pay(@Actor() user: AccountUserDto, @Session() session: RequestSession, @ZodBody(payBodySchema) body: PayBody): Promise<RedirectAnswer> {
    return this.targets.pay(session, body.order_id, PaymentsRpc.PayByBankWire);
  }

  @CapabilityRoute('GET', 'api/payments/bank-wire/:orderId', 'orders.view_own', 'Transfer instructions of one of your orders: beneficiary, IBAN, BIC, amount, reference, pay before', bankWireInstructionsAnswerSchema)
  @ApiNotFoundResponse({ description: 'Not an order of yours' })
  async instructions(@Param('orderId') orderId: string): Promise<{ data: BankWireInstructions }> {
    return { data: await this.rpc.call(PaymentsRpc.BankWireInstructions, { orderId }) };
  }

  @Post('api/admin/payments/bank-wire/confirm')
  @HttpCode(200)
  @SignedIn()
  @ApiOperation({ summary: 'Operator: the transfer with this reference arrived (amount in euros) → the order is paid' })
  @ApiOkResponse({ schema: apiSchema(confirmedBankWireAnswerSchema) })
  @ApiForbiddenResponse({ description: `${NOT_ALLOWED_MESSAGE} (administrators only)` })
  @ApiNotFoundResponse({ description: 'No order with this reference' })
  @ApiUnprocessableEntityResponse({ description: 'The amount does not cover the order total' })
  async confirm(@Actor() user: AccountUserDto, @ZodBody(confirmBankWireBodySchema) body: ConfirmBankWireBody): Promise<{ message: string; data: OrderDto }> {
    if (!isPaymentsOperator(user)) throw new ForbiddenException({ message: NOT_ALLOWED_MESSAGE });
    // The operator recorded on the payment is the signed-in user (the call's actor).
    const request = { reference: body.reference.trim(), amountCents: Math.round(body.amount * 100) };
    const data = await this.rpc.call(PaymentsRpc.ConfirmBankWire, request).catch((error: unknown) => {
      throw asAmountError(error);
    });
    return { message: BANK_WIRE_CONFIRMED_MESSAGE, data };
  }
}

/** payments names the field `amountCents`; this route's field is `amount`. */
function asAmountError(error: unknown): unknown {
  if (!(error instanceof RemoteError) || !error.payload.errors?.amountCents) return error;
  const { message, code, errors } = error.payload;
  return new UnprocessableEntityException({ message, errors: { amount: errors.amountCents }, code });
}
