import { PaymentsRpc, type WalletLedgerRequest } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { text } from '../common/input.js';
import { WalletService } from './wallet.service.js';

@Controller()
export class WalletRpcController {
  constructor(private readonly wallet: WalletService) {}

  @MessagePattern(PaymentsRpc.WalletBalance.pattern)
  balance(@Payload() request: { userId: string }) {
    return this.wallet.balance(userIdOf(request));
  }

  @MessagePattern(PaymentsRpc.WalletLedger.pattern)
  ledger(@Payload() request: WalletLedgerRequest) {
    return this.wallet.ledger(userIdOf(request), request.page, request.per_page);
  }
}

function userIdOf(request: { userId?: unknown }): string {
  const userId = text(request?.userId, 200);
  if (!userId) throw DomainError.field('userId', 'The user is required.');
  return userId;
}
