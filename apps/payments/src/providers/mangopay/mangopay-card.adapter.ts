import { stepKey } from '../http/provider-http.js';
import {
  ProviderUnavailableError,
  type CardPaymentPort,
  type CardPaymentRequest,
  type CardPaymentResult,
  type CardPaymentStatus,
  type PaymentBuyer,
} from '../payment-provider.js';
import type { ProviderCustomers } from '../provider-customers.store.js';
import type { MangopayClient } from './mangopay-client.js';

interface MangopayPayIn {
  Id: string;
  Status: 'CREATED' | 'SUCCEEDED' | 'FAILED';
  SecureModeNeeded?: boolean;
  SecureModeRedirectURL?: string | null;
  ResultCode?: string | null;
  ResultMessage?: string | null;
  DebitedFunds?: { Currency: string; Amount: number };
  Tag?: string | null;
}

/** Mangopay result codes meaning the buyer abandoned or refused the 3-D Secure step. */
const CANCELED_RESULT_CODES = new Set(['101399', '101304', '101105']);

/**
 * Card payments with Mangopay: the buyer's natural user (created once, remembered), a card
 * registration, the card data sent to the tokenization server, then a direct card pay-in into the
 * platform wallet with `SecureModeReturnURL` (Mangopay appends `?transactionId=` on return).
 */
export class MangopayCardAdapter implements CardPaymentPort {
  constructor(
    private readonly client: MangopayClient,
    private readonly customers: ProviderCustomers,
    private readonly creditedWalletId: string,
  ) {}

  async createPayment(request: CardPaymentRequest): Promise<CardPaymentResult> {
    const key = (step: string) => stepKey(request.idempotencyKey, step);
    const authorId = await this.ensureUser(request.buyer);

    const registration = await this.client.post(
      '/cardregistrations',
      { UserId: authorId, Currency: 'EUR', CardType: 'CB_VISA_MASTERCARD', Tag: request.orderId },
      key('card-registration'),
    );
    const reg = expectOk<{ Id: string; AccessKey: string; PreregistrationData: string; CardRegistrationURL: string }>(
      registration,
      'card registration',
    );

    const { card } = request;
    const token = await this.client.tokenize(
      reg.CardRegistrationURL,
      {
        data: reg.PreregistrationData,
        accessKeyRef: reg.AccessKey,
        cardNumber: card.number,
        cardExpirationDate: `${String(card.expMonth).padStart(2, '0')}${String(card.expYear % 100).padStart(2, '0')}`,
        cardCvx: card.cvc,
      },
      key('tokenize'),
    );
    if (!token.startsWith('data=')) return { status: 'failed', transactionId: null, reason: `card refused (${token})` };

    const updated = await this.client.put(`/cardregistrations/${encodeURIComponent(reg.Id)}`, { RegistrationData: token });
    const validated = expectOk<{ CardId?: string | null; Status: string; ResultMessage?: string | null }>(updated, 'card registration update');
    if (validated.Status !== 'VALIDATED' || !validated.CardId) {
      return { status: 'failed', transactionId: null, reason: validated.ResultMessage ?? 'card not validated' };
    }

    const client = request.client ?? {};
    const payInResponse = await this.client.post(
      '/payins/card/direct',
      {
        AuthorId: authorId,
        CreditedWalletId: this.creditedWalletId,
        DebitedFunds: { Currency: 'EUR', Amount: request.amountCents },
        Fees: { Currency: 'EUR', Amount: 0 },
        CardId: validated.CardId,
        SecureMode: 'DEFAULT',
        SecureModeReturnURL: request.returnUrl,
        StatementDescriptor: 'AEROMAINT',
        Tag: request.orderId,
        IpAddress: client.ip ?? '127.0.0.1',
        BrowserInfo: {
          AcceptHeader: client.acceptHeader ?? 'text/html, application/json',
          JavaEnabled: false,
          JavascriptEnabled: true,
          Language: client.language ?? 'en',
          ColorDepth: 24,
          ScreenHeight: 1080,
          ScreenWidth: 1920,
          TimeZoneOffset: 0,
          UserAgent: client.userAgent ?? 'Mozilla/5.0',
        },
      },
      key('payin'),
    );
    if (payInResponse.status >= 400) {
      return { status: 'failed', transactionId: null, reason: errorMessage(payInResponse.body) ?? `pay-in refused (${payInResponse.status})` };
    }
    const payIn = payInResponse.body as MangopayPayIn;
    if (payIn.Status === 'SUCCEEDED') return { status: 'succeeded', transactionId: payIn.Id };
    if (payIn.Status === 'CREATED' && payIn.SecureModeNeeded && payIn.SecureModeRedirectURL) {
      return { status: 'requires_action', transactionId: payIn.Id, redirectUrl: payIn.SecureModeRedirectURL };
    }
    if (payIn.Status === 'CREATED') throw new ProviderUnavailableError('mangopay', `pay-in ${payIn.Id} neither done nor waiting for 3-D Secure`);
    return { status: 'failed', transactionId: payIn.Id, reason: payIn.ResultMessage ?? 'pay-in failed' };
  }

  async getPayment(transactionId: string): Promise<CardPaymentStatus | null> {
    const response = await this.client.get(`/payins/${encodeURIComponent(transactionId)}`);
    if (response.status === 404) return null;
    const payIn = expectOk<MangopayPayIn>(response, 'pay-in');
    const status =
      payIn.Status === 'SUCCEEDED'
        ? 'succeeded'
        : payIn.Status === 'CREATED'
          ? 'pending'
          : CANCELED_RESULT_CODES.has(payIn.ResultCode ?? '')
            ? 'canceled'
            : 'failed';
    return {
      transactionId: payIn.Id,
      status,
      amountCents: payIn.DebitedFunds?.Amount ?? 0,
      currency: payIn.DebitedFunds?.Currency ?? 'EUR',
      orderId: payIn.Tag ?? null,
      reason: payIn.ResultMessage ?? null,
    };
  }

  /** The buyer's Mangopay natural user, created at the first card payment and remembered. */
  private async ensureUser(buyer: PaymentBuyer): Promise<string> {
    const known = await this.customers.get('mangopay', buyer.userId);
    if (known) return known;
    const [firstName, ...rest] = buyer.name.trim().split(/\s+/);
    const response = await this.client.post(
      '/users/natural',
      {
        FirstName: firstName || buyer.email,
        LastName: rest.join(' ') || '-',
        Email: buyer.email,
        UserCategory: 'PAYER',
        TermsAndConditionsAccepted: false,
        Tag: buyer.userId,
      },
      stepKey(buyer.userId, 'mangopay-user'),
    );
    const user = expectOk<{ Id: string }>(response, 'user');
    await this.customers.save('mangopay', buyer.userId, user.Id);
    return (await this.customers.get('mangopay', buyer.userId)) ?? user.Id;
  }
}

function expectOk<T>(response: { status: number; body: unknown }, what: string): T {
  if (response.status >= 400 || !response.body) {
    throw new ProviderUnavailableError('mangopay', `${what}: ${errorMessage(response.body) ?? `status ${response.status}`}`);
  }
  return response.body as T;
}

function errorMessage(body: unknown): string | null {
  const b = body as { Message?: string; errors?: Record<string, string> } | undefined;
  if (!b?.Message) return null;
  return b.errors ? `${b.Message} ${Object.values(b.errors).join(' ')}` : b.Message;
}
