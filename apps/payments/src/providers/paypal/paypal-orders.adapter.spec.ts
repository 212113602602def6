import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeHttpServer, type FakeReply, type RecordedRequest } from '../../../test/support/fake-http-server.js';
import { ProviderUnavailableError, type PayPalOrderRequest, type RefundRequest } from '../payment-provider.js';
import { PayPalClient } from './paypal-client.js';
import { PayPalOrdersAdapter } from './paypal-orders.adapter.js';

const CLIENT_ID = 'paypal-client';
const SECRET = 'paypal-secret';
const ORDER_ID = '0b6f0a52-52bb-4c39-9d3c-5f5b7f2a9c11';

const completed = (id: string) => ({
  id,
  status: 'COMPLETED',
  purchase_units: [
    {
      custom_id: ORDER_ID,
      amount: { currency_code: 'EUR', value: '199.00' },
      payments: { captures: [{ id: 'CAPTURE-1', status: 'COMPLETED', amount: { currency_code: 'EUR', value: '199.00' } }] },
    },
  ],
});

/** Plays PayPal's OAuth and Orders v2 endpoints. */
function paypal(request: RecordedRequest): FakeReply {
  const { method, path } = request;
  if (method === 'POST' && path === '/v1/oauth2/token') {
    const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64')}`;
    if (request.headers.authorization !== expected || request.form?.grant_type !== 'client_credentials') return { status: 401, json: { error: 'invalid_client' } };
    return { json: { access_token: 'A21-token', token_type: 'Bearer', expires_in: 32400 } };
  }
  if (request.headers.authorization !== 'Bearer A21-token') return { status: 401, json: { name: 'AUTHENTICATION_FAILURE' } };
  if (method === 'POST' && path === '/v2/checkout/orders') {
    const redirect = (request.json as { payment_source?: unknown }).payment_source !== undefined;
    return {
      status: 201,
      json: {
        id: 'PAYPAL-ORDER-1',
        status: redirect ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        links: [{ rel: redirect ? 'payer-action' : 'approve', href: 'https://www.sandbox.paypal.com/checkoutnow?token=PAYPAL-ORDER-1' }],
      },
    };
  }
  if (method === 'POST' && path === '/v2/checkout/orders/PAYPAL-ORDER-1/capture') return { status: 201, json: completed('PAYPAL-ORDER-1') };
  if (method === 'POST' && path === '/v2/checkout/orders/DECLINED/capture') {
    return {
      status: 422,
      json: {
        name: 'UNPROCESSABLE_ENTITY',
        details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was either declined by the processor or bank.' }],
      },
    };
  }
  if (method === 'POST' && path === '/v2/checkout/orders/DONE/capture') {
    return { status: 422, json: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } };
  }
  if (method === 'GET' && path === '/v2/checkout/orders/DONE') return { json: completed('DONE') };
  if (method === 'POST' && path === '/v2/checkout/orders/BROKEN/capture') return { status: 503, json: { name: 'SERVICE_UNAVAILABLE' } };
  const refund = /^\/v2\/payments\/captures\/([A-Z0-9-]+)\/refund$/.exec(path);
  if (method === 'POST' && refund && REFUND_REPLIES[refund[1]]) return REFUND_REPLIES[refund[1]];
  return { status: 404, json: { name: 'RESOURCE_NOT_FOUND' } };
}

/** What the fake answers to a refund of each capture (PayPal repeats it for a repeated PayPal-Request-Id). */
const REFUND_REPLIES: Record<string, FakeReply> = {
  'CAPTURE-1': { status: 201, json: { id: 'REFUND-1', status: 'COMPLETED', links: [] } },
  'CAPTURE-ECHECK': { status: 201, json: { id: 'REFUND-2', status: 'PENDING', status_details: { reason: 'ECHECK' } } },
  'CAPTURE-FAILED': { status: 201, json: { id: 'REFUND-3', status: 'FAILED' } },
  'CAPTURE-REFUNDED': {
    status: 422,
    json: {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      details: [{ issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded.' }],
    },
  },
  'CAPTURE-BUSY': { status: 503, json: { name: 'SERVICE_UNAVAILABLE' } },
  'CAPTURE-THROTTLED': { status: 429, json: { name: 'RATE_LIMIT_REACHED' } },
};

function orderRequest(flow: 'redirect' | 'buttons'): PayPalOrderRequest {
  return {
    idempotencyKey: '7a0e9f5c-1111-4c39-9d3c-5f5b7f2a9c11',
    orderId: ORDER_ID,
    reference: 'AM-2026-000042',
    amountCents: 19990,
    description: 'AeroMaint Academy order AM-2026-000042',
    flow,
    returnUrl: 'https://shop.example/pay-pal-payment-gateway/return',
    cancelUrl: 'https://shop.example/pay-pal-payment-gateway/cancel',
  };
}

describe('PayPal Orders v2 adapter (against a fake PayPal API)', () => {
  let server: FakeHttpServer;
  let adapter: PayPalOrdersAdapter;

  beforeEach(async () => {
    server = await new FakeHttpServer(paypal).start();
    adapter = new PayPalOrdersAdapter(new PayPalClient({ baseUrl: server.baseUrl, clientId: CLIENT_ID, clientSecret: SECRET, timeoutMs: 2000 }));
  });

  afterEach(async () => {
    await server.stop();
  });

  it('creates a CAPTURE order in EUR with our order id and reference; the redirect flow names the return and cancel URLs', async () => {
    const created = await adapter.createOrder(orderRequest('redirect'));
    expect(created).toEqual({ paypalOrderId: 'PAYPAL-ORDER-1', approveUrl: 'https://www.sandbox.paypal.com/checkoutnow?token=PAYPAL-ORDER-1' });
    const [post] = server.sent('POST', '/v2/checkout/orders');
    expect(post.headers['paypal-request-id']).toBe('7a0e9f5c-1111-4c39-9d3c-5f5b7f2a9c11-create');
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.json).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: ORDER_ID,
          custom_id: ORDER_ID,
          invoice_id: 'AM-2026-000042',
          description: 'AeroMaint Academy order AM-2026-000042',
          amount: { currency_code: 'EUR', value: '199.90' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: expect.objectContaining({
            return_url: 'https://shop.example/pay-pal-payment-gateway/return',
            cancel_url: 'https://shop.example/pay-pal-payment-gateway/cancel',
            user_action: 'PAY_NOW',
          }),
        },
      },
    });
  });

  it('leaves funding to the buttons (no payment_source) for paypal_credit', async () => {
    await adapter.createOrder(orderRequest('buttons'));
    expect(server.sent('POST', '/v2/checkout/orders')[0].json).not.toHaveProperty('payment_source');
  });

  it('gets one OAuth token (Basic client id + secret) and sends it as Bearer; every POST carries PayPal-Request-Id', async () => {
    await adapter.createOrder(orderRequest('buttons'));
    await adapter.captureOrder('PAYPAL-ORDER-1', 'attempt-1');
    await adapter.getOrder('DONE');
    expect(server.sent('POST', '/v1/oauth2/token')).toHaveLength(1);
    expect(server.requests.filter((r) => r.method === 'POST').every((r) => typeof r.headers['paypal-request-id'] === 'string')).toBe(true);
    expect(server.sent('POST', '/v2/checkout/orders/PAYPAL-ORDER-1/capture')[0].headers['paypal-request-id']).toBe('attempt-1-capture');
  });

  it('captures: completed with the capture id and amount in cents', async () => {
    expect(await adapter.captureOrder('PAYPAL-ORDER-1', 'attempt-1')).toEqual({
      status: 'completed',
      captureId: 'CAPTURE-1',
      amountCents: 19900,
      currency: 'EUR',
    });
  });

  it('answers INSTRUMENT_DECLINED with its description, so the buyer can approve again', async () => {
    expect(await adapter.captureOrder('DECLINED', 'attempt-2')).toEqual({
      status: 'declined',
      issue: 'INSTRUMENT_DECLINED',
      description: 'The instrument presented was either declined by the processor or bank.',
    });
  });

  it('treats ORDER_ALREADY_CAPTURED as the completed capture it is', async () => {
    expect(await adapter.captureOrder('DONE', 'attempt-3')).toEqual(expect.objectContaining({ status: 'completed', captureId: 'CAPTURE-1' }));
  });

  it('reads an order back with our order id (custom_id); unknown orders are null; 5xx is "try later"', async () => {
    expect(await adapter.getOrder('DONE')).toEqual({
      paypalOrderId: 'DONE',
      status: 'completed',
      amountCents: 19900,
      currency: 'EUR',
      orderId: ORDER_ID,
      captureId: 'CAPTURE-1',
    });
    expect(await adapter.getOrder('NOPE')).toBeNull();
    await expect(adapter.captureOrder('BROKEN', 'attempt-4')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  describe('refunds', () => {
    const refund = (captureId: string): RefundRequest => ({ idempotencyKey: 'attempt-9', capturedRef: captureId, amountCents: 19900 });

    it('refunds a capture: POST /v2/payments/captures/{capture_id}/refund with the amount and PayPal-Request-Id <attempt>-refund', async () => {
      expect(await adapter.refund(refund('CAPTURE-1'))).toEqual({ status: 'refunded', refundId: 'REFUND-1' });
      const [post] = server.sent('POST', '/v2/payments/captures/');
      expect(post.path).toBe('/v2/payments/captures/CAPTURE-1/refund');
      expect(post.headers.authorization).toBe('Bearer A21-token');
      expect(post.headers['paypal-request-id']).toBe('attempt-9-refund');
      expect(post.headers['content-type']).toBe('application/json');
      expect(post.json).toEqual({ amount: { currency_code: 'EUR', value: '199.00' } });
    });

    it('sends the same PayPal-Request-Id when the refund is retried, so PayPal answers the first refund', async () => {
      await adapter.refund(refund('CAPTURE-1'));
      expect(await adapter.refund(refund('CAPTURE-1'))).toEqual({ status: 'refunded', refundId: 'REFUND-1' });
      expect(server.sent('POST', '/v2/payments/captures/').map((r) => r.headers['paypal-request-id'])).toEqual(['attempt-9-refund', 'attempt-9-refund']);
    });

    it('takes a PENDING refund as accepted (PayPal completes it)', async () => {
      expect(await adapter.refund(refund('CAPTURE-ECHECK'))).toEqual({ status: 'refunded', refundId: 'REFUND-2' });
    });

    it('answers refused for a refused, failed or unknown capture refund, with PayPal\'s issue', async () => {
      expect(await adapter.refund(refund('CAPTURE-REFUNDED'))).toEqual({
        status: 'refused',
        reason: 'UNPROCESSABLE_ENTITY: CAPTURE_FULLY_REFUNDED: The requested action could not be performed, semantically incorrect, or failed business validation.',
      });
      expect(await adapter.refund(refund('CAPTURE-FAILED'))).toEqual({ status: 'refused', reason: 'refund FAILED' });
      expect(await adapter.refund(refund('NOPE'))).toEqual({ status: 'refused', reason: 'RESOURCE_NOT_FOUND' });
    });

    it('turns a 5xx or too many requests into "try later"', async () => {
      await expect(adapter.refund(refund('CAPTURE-BUSY'))).rejects.toBeInstanceOf(ProviderUnavailableError);
      await expect(adapter.refund(refund('CAPTURE-THROTTLED'))).rejects.toBeInstanceOf(ProviderUnavailableError);
    });
  });
});
