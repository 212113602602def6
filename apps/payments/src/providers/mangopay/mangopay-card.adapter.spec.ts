import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeHttpServer, type FakeReply, type RecordedRequest } from '../../../test/support/fake-http-server.js';
import { stepKey } from '../http/provider-http.js';
import { ProviderUnavailableError, type CardPaymentRequest, type RefundRequest } from '../payment-provider.js';
import { MangopayCardAdapter } from './mangopay-card.adapter.js';
import { MangopayClient } from './mangopay-client.js';

const CLIENT_ID = 'aeromaint-test';
const API_KEY = 'secret-api-key';
const API = `/v2.01/${CLIENT_ID}`;
const ORDER_ID = '0b6f0a52-52bb-4c39-9d3c-5f5b7f2a9c11';

/** Plays the Mangopay API and its tokenization server. */
function mangopay(request: RecordedRequest, server: FakeHttpServer): FakeReply {
  const { method, path } = request;
  if (method === 'POST' && path === '/v2.01/oauth/token') {
    const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${API_KEY}`).toString('base64')}`;
    if (request.headers.authorization !== expected || request.form?.grant_type !== 'client_credentials') return { status: 401, json: {} };
    return { json: { access_token: 'token-1', token_type: 'Bearer', expires_in: 3600 } };
  }
  if (path.startsWith(API) && request.headers.authorization !== 'Bearer token-1') return { status: 401, json: { Message: 'bad token' } };
  if (method === 'POST' && path === `${API}/users/natural`) return { json: { Id: 'user-1' } };
  if (method === 'POST' && path === `${API}/cardregistrations`) {
    return { json: { Id: 'reg-1', AccessKey: 'access-1', PreregistrationData: 'pre-1', CardRegistrationURL: `${server.baseUrl}/tokenizer` } };
  }
  if (method === 'POST' && path === '/tokenizer') {
    return { text: request.form?.cardNumber === '4000000000000002' ? 'errorCode=02625' : 'data=TOKEN-1' };
  }
  if (method === 'PUT' && path === `${API}/cardregistrations/reg-1`) {
    return { json: { Id: 'reg-1', Status: 'VALIDATED', CardId: 'card-1' } };
  }
  if (method === 'POST' && path === `${API}/payins/card/direct`) {
    const amount = (request.json as { DebitedFunds: { Amount: number } }).DebitedFunds.Amount;
    if (amount === 500) return { status: 500, json: { Message: 'boom' } };
    if (amount === 19900) {
      return { json: { Id: 'payin-3ds', Status: 'CREATED', SecureModeNeeded: true, SecureModeRedirectURL: 'https://acs.example/challenge' } };
    }
    return { json: { Id: 'payin-ok', Status: 'SUCCEEDED', SecureModeNeeded: false } };
  }
  if (method === 'GET' && path === `${API}/payins/payin-3ds`) {
    return { json: { Id: 'payin-3ds', Status: 'SUCCEEDED', DebitedFunds: { Currency: 'EUR', Amount: 19900 }, Tag: ORDER_ID } };
  }
  if (method === 'GET' && path === `${API}/payins/payin-refused`) {
    return { json: { Id: 'payin-refused', Status: 'FAILED', ResultCode: '101399', ResultMessage: 'Secure mode: canceled', DebitedFunds: { Currency: 'EUR', Amount: 1 } } };
  }
  const refund = refundCall(request, server);
  if (refund) return refund;
  return { status: 404, json: { Message: 'not found' } };
}

const IDEMPOTENCY_CONFLICT: FakeReply = {
  status: 409,
  json: { Message: 'A resource has already been created with this Idempotency Key', Type: 'idempotent_creation_conflict', errors: null },
};

/** What the fake answers to the first refund of each of its pay-ins (all succeeded, by author-7). */
const FIRST_REFUND_REPLIES: Record<string, FakeReply> = {
  'payin-paid': { json: { Id: 'refund-1', Status: 'SUCCEEDED', ResultCode: '000000', ResultMessage: 'Success', Type: 'PAYOUT', Nature: 'REFUND' } },
  'payin-disputed': {
    status: 400,
    json: { Message: 'One or several required parameters are missing or incorrect.', Type: 'param_error', errors: { PayInId: 'The pay-in is disputed.' } },
  },
  'payin-refund-failed': { json: { Id: 'refund-2', Status: 'FAILED', ResultCode: '001401', ResultMessage: 'Transaction has already been successfully refunded' } },
  'payin-busy': { status: 503, json: { Message: 'Service unavailable' } },
  'payin-throttled': { status: 429, json: { Message: 'Too many requests' } },
  // Another request with the same key is still being processed: no answer recorded yet.
  'payin-in-flight': IDEMPOTENCY_CONFLICT,
};

/**
 * Pay-ins to refund and their refunds, with Mangopay's idempotency: a POST whose
 * Idempotency-Key was used before is blocked (409), and `GET /responses/{key}` answers the first.
 */
function refundCall(request: RecordedRequest, server: FakeHttpServer): FakeReply | null {
  const { method, path } = request;
  const payIn = new RegExp(`^${API}/payins/([a-z-]+)(/refunds)?$`).exec(path);
  if (payIn && FIRST_REFUND_REPLIES[payIn[1]]) {
    if (method === 'GET' && !payIn[2]) {
      return { json: { Id: payIn[1], Status: 'SUCCEEDED', AuthorId: 'author-7', DebitedFunds: { Currency: 'EUR', Amount: 19900 }, Tag: ORDER_ID } };
    }
    if (method === 'POST' && payIn[2]) {
      const key = request.headers['idempotency-key'];
      return firstRefundWith(server, key) === request ? FIRST_REFUND_REPLIES[payIn[1]] : IDEMPOTENCY_CONFLICT;
    }
  }
  const recorded = new RegExp(`^${API}/responses/(.+)$`).exec(path);
  if (method === 'GET' && recorded) {
    const first = firstRefundWith(server, recorded[1]);
    const reply = first && FIRST_REFUND_REPLIES[first.path.split('/')[4]];
    if (!reply || reply === IDEMPOTENCY_CONFLICT) return { status: 404, json: { Message: 'not found' } };
    return { json: { StatusCode: String(reply.status ?? 200), ContentType: 'application/json; charset=utf-8', Resource: reply.json } };
  }
  return null;
}

function firstRefundWith(server: FakeHttpServer, key: unknown): RecordedRequest | undefined {
  return server.requests.find((r) => r.method === 'POST' && r.path.endsWith('/refunds') && r.headers['idempotency-key'] === key);
}

class MemoryCustomers {
  readonly ids = new Map<string, string>();
  get(provider: string, userId: string): Promise<string | null> {
    return Promise.resolve(this.ids.get(`${provider}:${userId}`) ?? null);
  }
  save(provider: string, userId: string, customerId: string): Promise<void> {
    this.ids.set(`${provider}:${userId}`, customerId);
    return Promise.resolve();
  }
}

function request(amountCents = 19900, overrides: Partial<CardPaymentRequest> = {}): CardPaymentRequest {
  return {
    idempotencyKey: '7a0e9f5c-1111-4c39-9d3c-5f5b7f2a9c11',
    orderId: ORDER_ID,
    reference: 'AM-2026-000042',
    amountCents,
    card: { number: '4970101122334455', expMonth: 3, expYear: 2028, cvc: '123' },
    buyer: { userId: 'user-42', email: 'ada@example.test', name: 'Ada King Lovelace' },
    returnUrl: `https://shop.example/payment-gateway/mango-pay-callback/${ORDER_ID}`,
    client: { ip: '203.0.113.7', userAgent: 'TestBrowser/1.0' },
    ...overrides,
  };
}

describe('Mangopay card adapter (against a fake Mangopay API)', () => {
  let server: FakeHttpServer;
  let customers: MemoryCustomers;
  let adapter: MangopayCardAdapter;

  beforeEach(async () => {
    server = await new FakeHttpServer(mangopay).start();
    customers = new MemoryCustomers();
    adapter = new MangopayCardAdapter(new MangopayClient({ baseUrl: server.baseUrl, clientId: CLIENT_ID, apiKey: API_KEY, timeoutMs: 2000 }), customers, 'wallet-platform');
  });

  afterEach(async () => {
    await server.stop();
  });

  it('registers the card, tokenizes it and creates a direct pay-in with SecureModeReturnURL; 3-D Secure answers the ACS page', async () => {
    const result = await adapter.createPayment(request());
    expect(result).toEqual({ status: 'requires_action', transactionId: 'payin-3ds', redirectUrl: 'https://acs.example/challenge' });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v2.01/oauth/token',
      `POST ${API}/users/natural`,
      `POST ${API}/cardregistrations`,
      'POST /tokenizer',
      `PUT ${API}/cardregistrations/reg-1`,
      `POST ${API}/payins/card/direct`,
    ]);
    expect(server.sent('POST', `${API}/users/natural`)[0].json).toEqual(
      expect.objectContaining({ FirstName: 'Ada', LastName: 'King Lovelace', Email: 'ada@example.test', UserCategory: 'PAYER' }),
    );
    expect(server.sent('POST', `${API}/cardregistrations`)[0].json).toEqual({ UserId: 'user-1', Currency: 'EUR', CardType: 'CB_VISA_MASTERCARD', Tag: ORDER_ID });
    expect(server.sent('POST', '/tokenizer')[0].form).toEqual({
      data: 'pre-1',
      accessKeyRef: 'access-1',
      cardNumber: '4970101122334455',
      cardExpirationDate: '0328',
      cardCvx: '123',
    });
    expect(server.sent('PUT', `${API}/cardregistrations/reg-1`)[0].json).toEqual({ RegistrationData: 'data=TOKEN-1' });
    expect(server.sent('POST', `${API}/payins/card/direct`)[0].json).toEqual(
      expect.objectContaining({
        AuthorId: 'user-1',
        CreditedWalletId: 'wallet-platform',
        DebitedFunds: { Currency: 'EUR', Amount: 19900 },
        Fees: { Currency: 'EUR', Amount: 0 },
        CardId: 'card-1',
        SecureModeReturnURL: `https://shop.example/payment-gateway/mango-pay-callback/${ORDER_ID}`,
        Tag: ORDER_ID,
        IpAddress: '203.0.113.7',
        BrowserInfo: expect.objectContaining({ UserAgent: 'TestBrowser/1.0' }),
      }),
    );
  });

  it('sends an Idempotency-Key (16-36 characters) on every POST, one per step, the same when the payment is retried', async () => {
    await adapter.createPayment(request());
    const first = server.requests.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key']);
    expect(first.every((key) => typeof key === 'string' && key.length >= 16 && key.length <= 36)).toBe(true);
    const apiKeys = server.requests.filter((r) => r.method === 'POST' && r.path.startsWith(API)).map((r) => r.headers['idempotency-key']);
    expect(new Set(apiKeys).size).toBe(apiKeys.length);

    server.requests.length = 0;
    await adapter.createPayment(request());
    const retried = server.requests.filter((r) => r.method === 'POST' && r.path.startsWith(API)).map((r) => r.headers['idempotency-key']);
    // The user is remembered (no second creation); the other steps reuse their keys.
    expect(retried).toEqual(apiKeys.slice(1));
  });

  it('answers a pay-in that succeeded without 3-D Secure', async () => {
    expect(await adapter.createPayment(request(4900))).toEqual({ status: 'succeeded', transactionId: 'payin-ok' });
  });

  it('answers failed when the tokenization server refuses the card', async () => {
    const result = await adapter.createPayment(request(4900, { card: { number: '4000000000000002', expMonth: 3, expYear: 2028, cvc: '123' } }));
    expect(result).toEqual({ status: 'failed', transactionId: null, reason: 'card refused (errorCode=02625)', failure: 'declined' });
    expect(server.sent('POST', `${API}/payins`)).toEqual([]);
  });

  it('reads a pay-in back to verify a callback: status, amount and our order (Tag)', async () => {
    expect(await adapter.getPayment('payin-3ds')).toEqual({
      transactionId: 'payin-3ds',
      status: 'succeeded',
      amountCents: 19900,
      currency: 'EUR',
      orderId: ORDER_ID,
      reason: null,
      failure: null,
    });
    expect((await adapter.getPayment('payin-refused'))?.status).toBe('canceled');
    expect(await adapter.getPayment('unknown')).toBeNull();
  });

  it('turns a provider error (5xx) or a refused login into "try later"', async () => {
    await expect(adapter.createPayment(request(500))).rejects.toBeInstanceOf(ProviderUnavailableError);
    const wrongKey = new MangopayCardAdapter(
      new MangopayClient({ baseUrl: server.baseUrl, clientId: CLIENT_ID, apiKey: 'wrong', timeoutMs: 2000 }),
      customers,
      'wallet-platform',
    );
    await expect(wrongKey.getPayment('payin-3ds')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  describe('refunds', () => {
    // Each pay-in is refunded for its own payment attempt (Mangopay's keys are client-wide).
    const ATTEMPT_ID = '5d1c2b3a-2222-4c39-9d3c-5f5b7f2a9c11';
    const refund = (payInId: string): RefundRequest => ({ idempotencyKey: `${ATTEMPT_ID}-${payInId}`, capturedRef: payInId, amountCents: 19900 });
    const key = stepKey(`${ATTEMPT_ID}-payin-paid`, 'refund');

    it("refunds a pay-in: POST /payins/{PayInId}/refunds naming the pay-in's author, the amount in cents and no fees", async () => {
      expect(await adapter.refund(refund('payin-paid'))).toEqual({ status: 'refunded', refundId: 'refund-1' });
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /v2.01/oauth/token',
        `GET ${API}/payins/payin-paid`,
        `POST ${API}/payins/payin-paid/refunds`,
      ]);
      const [post] = server.sent('POST', `${API}/payins/payin-paid/refunds`);
      expect(post.headers.authorization).toBe('Bearer token-1');
      expect(post.json).toEqual({
        AuthorId: 'author-7',
        DebitedFunds: { Currency: 'EUR', Amount: 19900 },
        Fees: { Currency: 'EUR', Amount: 0 },
        Tag: `${ATTEMPT_ID}-payin-paid`,
      });
    });

    it('sends an Idempotency-Key derived from the attempt; a retried refund is blocked by Mangopay (409) and answers the first refund, read back by its key', async () => {
      await adapter.refund(refund('payin-paid'));
      expect(await adapter.refund(refund('payin-paid'))).toEqual({ status: 'refunded', refundId: 'refund-1' });
      const posts = server.sent('POST', `${API}/payins/payin-paid/refunds`);
      expect(posts.map((p) => p.headers['idempotency-key'])).toEqual([key, key]);
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(server.sent('GET', `${API}/responses/`).map((r) => r.path)).toEqual([`${API}/responses/${key}`]);
    });

    it('answers refused with the reason when Mangopay refuses the refund, or the refund fails, or the pay-in is unknown', async () => {
      expect(await adapter.refund(refund('payin-disputed'))).toEqual({
        status: 'refused',
        reason: 'One or several required parameters are missing or incorrect. The pay-in is disputed.',
      });
      expect(await adapter.refund(refund('payin-refund-failed'))).toEqual({
        status: 'refused',
        reason: 'Transaction has already been successfully refunded (001401)',
      });
      expect(await adapter.refund(refund('payin-unknown'))).toEqual({ status: 'refused', reason: 'unknown pay-in payin-unknown' });
      expect(server.sent('POST', `${API}/payins/payin-unknown`)).toEqual([]);
    });

    it('turns a 5xx, too many requests, or a first request still in progress into "try later"; a key whose first request failed is refused', async () => {
      await expect(adapter.refund(refund('payin-busy'))).rejects.toBeInstanceOf(ProviderUnavailableError);
      await expect(adapter.refund(refund('payin-throttled'))).rejects.toBeInstanceOf(ProviderUnavailableError);
      await expect(adapter.refund(refund('payin-in-flight'))).rejects.toBeInstanceOf(ProviderUnavailableError);
      // Mangopay keeps a key blocked even when its first request failed: retrying cannot help.
      expect(await adapter.refund(refund('payin-busy'))).toEqual({ status: 'refused', reason: 'first refund request answered 503: Service unavailable' });
    });
  });
});
