import { stepKey } from '../http/provider-http.js';
import {
  ProviderUnavailableError,
  type CardFailure,
  type CardPaymentPort,
  type CardPaymentRequest,
  type CardPaymentResult,
  type CardPaymentStatus,
  type PaymentBuyer,
  type RefundRequest,
  type RefundResult,
} from '../payment-provider.js';
import type { ProviderCustomers } from '../provider-customers.store.js';
import type { MangopayClient } from './mangopay-client.js';

interface MangopayPayIn {
  Id: string;
  AuthorId?: string;
  Status: 'CREATED' | 'SUCCEEDED' | 'FAILED';
  SecureModeNeeded?: boolean;
  SecureModeRedirectURL?: string | null;
  ResultCode?: string | null;
  ResultMessage?: string | null;
  DebitedFunds?: { Currency: string; Amount: number };
  Tag?: string | null;
}

interface MangopayRefund {
  Id: string;
  Status: 'CREATED' | 'SUCCEEDED' | 'FAILED';
  ResultCode?: string | null;
  ResultMessage?: string | null;
}

/** A past answer of the API, read back by its idempotency key (`GET /responses/{key}`). */
interface MangopayApiResponse {
  StatusCode: string;
  Resource?: unknown;
}

/** Mangopay result codes meaning the buyer abandoned or refused the 3-D Secure step. */
const CANCELED_RESULT_CODES = new Set(['101399', '101304', '101105']);

/**
 * What a Mangopay result code of a failed pay-in tells the buyer: 1013xx the 3-D Secure step
 * failed; 1011xx (refused by the bank or the terminal), 1014xx and 1051xx (card not active or
 * not valid) and 008xxx (fraud checks) the card was declined; anything else (001xxx operation,
 * 009xxx technical) is the provider's failure.
 */
export function cardFailureOf(resultCode: string | null | undefined): CardFailure {
  const code = resultCode ?? '';
  if (code.startsWith('1013')) return 'three_ds_failed';
  if (/^(1011|1014|1051|008)/.test(code)) return 'declined';
  return 'error';
}

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
    if (!token.startsWith('data=')) return { status: 'failed', transactionId: null, reason: `card refused (${token})`, failure: 'declined' };

    const updated = await this.client.put(`/cardregistrations/${encodeURIComponent(reg.Id)}`, { RegistrationData: token });
    const validated = expectOk<{ CardId?: string | null; Status: string; ResultMessage?: string | null }>(updated, 'card registration update');
    if (validated.Status !== 'VALIDATED' || !validated.CardId) {
      return { status: 'failed', transactionId: null, reason: validated.ResultMessage ?? 'card not validated', failure: 'declined' };
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
      return { status: 'failed', transactionId: null, reason: errorMessage(payInResponse.body) ?? `pay-in refused (${payInResponse.status})`, failure: 'error' };
    }
    const payIn = payInResponse.body as MangopayPayIn;
    if (payIn.Status === 'SUCCEEDED') return { status: 'succeeded', transactionId: payIn.Id };
    if (payIn.Status === 'CREATED' && payIn.SecureModeNeeded && payIn.SecureModeRedirectURL) {
      return { status: 'requires_action', transactionId: payIn.Id, redirectUrl: payIn.SecureModeRedirectURL };
    }
    if (payIn.Status === 'CREATED') throw new ProviderUnavailableError('mangopay', `pay-in ${payIn.Id} neither done nor waiting for 3-D Secure`);
    return { status: 'failed', transactionId: payIn.Id, reason: payIn.ResultMessage ?? 'pay-in failed', failure: cardFailureOf(payIn.ResultCode) };
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
      failure: status === 'failed' ? cardFailureOf(payIn.ResultCode) : null,
    };
  }

  /**
   * Refunds a pay-in: `POST /payins/{PayInId}/refunds` naming the pay-in's author (read from the
   * pay-in) and the amount. Mangopay blocks a second POST with the same Idempotency-Key (409), so
   * a retried refund reads the first answer back instead (`GET /responses/{key}`).
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const payInPath = `/payins/${encodeURIComponent(request.capturedRef)}`;
    const payInResponse = await this.client.get(payInPath);
    if (payInResponse.status === 404) return { status: 'refused', reason: `unknown pay-in ${request.capturedRef}` };
    const payIn = expectOk<MangopayPayIn>(payInResponse, 'pay-in');
    const key = stepKey(request.idempotencyKey, 'refund');
    const response = await this.client.post(
      `${payInPath}/refunds`,
      {
        AuthorId: payIn.AuthorId,
        DebitedFunds: { Currency: 'EUR', Amount: request.amountCents },
        Fees: { Currency: 'EUR', Amount: 0 },
        Tag: request.idempotencyKey,
      },
      key,
    );
    if (isIdempotencyConflict(response)) return this.firstRefundAnswer(key);
    return refundResult(response.status, response.body);
  }

  /** The answer Mangopay gave to the first refund request with this key. */
  private async firstRefundAnswer(key: string): Promise<RefundResult> {
    const response = await this.client.get(`/responses/${encodeURIComponent(key)}`);
    // Not recorded (yet): the first request may still be in progress.
    if (response.status === 404) throw new ProviderUnavailableError('mangopay', 'refund: the first answer is not available yet');
    const first = expectOk<MangopayApiResponse>(response, 'refund answer');
    const status = Number(first.StatusCode);
    // A key stays blocked even when its first request failed: only an operator can go on.
    if (status >= 400) return { status: 'refused', reason: `first refund request answered ${status}: ${errorMessage(first.Resource) ?? 'no message'}` };
    return refundResult(status, first.Resource);
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

/** A refund answer (status and body) as a RefundResult; too many requests is "try later". */
function refundResult(status: number, body: unknown): RefundResult {
  if (status === 429 || status >= 500) throw new ProviderUnavailableError('mangopay', `refund answered ${status}`);
  if (status >= 400 || !body) return { status: 'refused', reason: errorMessage(body) ?? `refund refused (${status})` };
  const refund = body as MangopayRefund;
  // CREATED: accepted, Mangopay completes it (a later failure comes as a REFUND_FAILED hook).
  if (refund.Status === 'SUCCEEDED' || refund.Status === 'CREATED') return { status: 'refunded', refundId: refund.Id };
  return { status: 'refused', reason: `${refund.ResultMessage ?? 'refund failed'} (${refund.ResultCode ?? 'no code'})` };
}

function isIdempotencyConflict(response: { status: number; body: unknown }): boolean {
  return response.status === 409 && (response.body as { Type?: string } | undefined)?.Type === 'idempotent_creation_conflict';
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
