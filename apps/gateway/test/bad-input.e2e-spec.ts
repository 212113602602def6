import { CatalogRpc, CommonErrorCode, ContentRpc, DEMO_ACCOUNTS, PaymentRoutes, PaymentsRpc } from '@aero/contracts';
import { RemoteError } from '@aero/backend-errors';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AVATAR_BODY_LIMIT, DEFAULT_BODY_LIMIT, MAX_JSON_DEPTH } from '../src/http/input-rules.js';
import { signedIn, visitor, type AccountBrowser } from './support/accounts.js';
import type { Platform } from './support/platform.js';
import { newBuyer, startPaymentsPlatform } from './support/payments.js';

type Refusal = { message: string; code: string };

const ORDER_ID = '0b3c4d8e-1111-4111-8111-111111111111';

/** `[`×n then `]`×n: JSON nested n levels deep. */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/**
 * Issue 10, point 2: input that used to reach Postgres or overflow the validation stack (500)
 * is refused by the gateway with 400 or 413, `{ message, code }`, before any route reads it; the
 * services refuse a NUL over NATS too, whoever calls them.
 */
describe('gateway: bad input is refused with 400 or 413, never 500', () => {
  let platform: Platform;
  let browser: AccountBrowser;

  beforeAll(async () => {
    platform = await startPaymentsPlatform();
    browser = await visitor(platform);
  }, 90_000);

  afterAll(async () => {
    await platform?.stop();
  });

  /** A request as the web app sends it (XSRF header, script), with its answer parsed. */
  async function send(method: string, path: string, options: { body?: unknown; rawJson?: string; by?: AccountBrowser } = {}) {
    const res = await (options.by ?? browser).request(method, path, {
      body: options.body,
      rawJson: options.rawJson,
      csrf: true,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Refusal };
  }

  /** A POST of bytes or a stream as they are (what the test browser cannot send), as `browser`. */
  async function postRaw(path: string, body: Uint8Array | ReadableStream<Uint8Array>) {
    const res = await fetch(`${platform.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': browser.cookies.get('XSRF-TOKEN') ?? '',
        'x-forwarded-for': browser.address,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, body: (await res.json()) as Refusal };
  }

  /** The JSON operations of the operators' API document (every route of the gateway). */
  async function documentedJsonOperations(): Promise<{ method: string; path: string }[]> {
    const res = await fetch(`http://127.0.0.1:${platform.gateway.opsPort}/api/docs-json`);
    const document = (await res.json()) as { paths: Record<string, Record<string, { requestBody?: { content?: object } }>> };
    return Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody?.content && 'application/json' in operation.requestBody.content)
        .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{\w+\}/g, ORDER_ID) })),
    );
  }

  const CONTROL_IN_ADDRESS = { status: 400, body: { message: 'The address contains a control character (such as %00), which is not allowed.', code: 'invalid_characters' } };

  it('refuses a NUL in a path segment: articles, payment callback, sandbox pages and actions', async () => {
    const paths: [string, string][] = [
      ['GET', '/api/content/articles/terms%00'],
      ['GET', `/payment-gateway/mango-pay-callback/${ORDER_ID}%00?transactionId=sbx_card_1`],
      ['POST', '/pay-pal-payment-gateway/capture-payment/PAY%00-1'],
      ['GET', '/api/sandbox/3ds/sbx_card_%00'],
      ['POST', '/sandbox/3ds/sbx_card_%00/complete'],
      ['GET', '/api/sandbox/paypal/%00'],
      ['POST', '/sandbox/paypal/%00/decide'],
      ['POST', `/sandbox/bank-wire/${ORDER_ID}%00/receive`],
      ['GET', `/api/orders/%00`],
    ];
    for (const [method, path] of paths) {
      expect({ path, ...(await send(method, path, method === 'POST' ? { body: { outcome: 'approve' } } : {})) }).toEqual({ path, ...CONTROL_IN_ADDRESS });
    }
  });

  it('refuses a NUL or another control character in a query: search, payment callback, card webhook, PayPal return', async () => {
    const paths: [string, string][] = [
      ['GET', '/api/products/search?query=mod%00ule'],
      ['GET', '/product-search?query=%00'],
      ['GET', '/countries/search?q=a%1B'],
      ['GET', `/payment-gateway/mango-pay-callback/${ORDER_ID}?transactionId=sbx%00`],
      ['GET', `${PaymentRoutes.cardWebhook}?EventType=PAYIN_NORMAL_SUCCEEDED&RessourceId=a%00`],
      ['POST', `${PaymentRoutes.cardWebhook}?EventType=%00&RessourceId=1`],
      ['GET', `${PaymentRoutes.paypalReturn}?token=PAY%00&PayerID=x`],
      ['GET', `${PaymentRoutes.paypalCancel}?token=%7F`],
      ['GET', '/api/orders?page=1%0A'],
    ];
    for (const [method, path] of paths) {
      expect({ path, ...(await send(method, path)) }).toEqual({ path, ...CONTROL_IN_ADDRESS });
    }
  });

  it('refuses a NUL or another control character in a JSON string (value or key), naming the field: webhook, sandbox, forms', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', PaymentRoutes.paypalWebhook, { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'PAY\u0000' } }, 'resource.id'],
      ['POST', '/sandbox/3ds/sbx_card_1/complete', { outcome: 'approve\u0000' }, 'outcome'],
      ['POST', '/sandbox/paypal/PAY-1/decide', { outcome: 'approve', ['note\u0000']: 1 }, 'note\ufffd'],
      ['POST', '/login', { email: 'student@aeromaint.example', password: 'Hangar\u00002026' }, 'password'],
      ['POST', '/api/cart/add', { product_id: 107, quantity: 1, note: ['ok', '\u001b[31m'] }, 'note.1'],
    ];
    for (const [method, path, body, field] of cases) {
      expect({ path, ...(await send(method, path, { body })) }).toEqual({
        path,
        status: 400,
        body: {
          message: `The field "${field}" contains a control character (such as NUL) or invalid Unicode, which is not allowed.`,
          code: 'invalid_characters',
        },
      });
    }
    // Line breaks and tabs are text (a textarea); the request reaches validation.
    const multiline = await send('POST', '/login', { body: { email: 'not an e-mail', password: 'line one\r\n\tline two' } });
    expect(multiline.status).toBe(422);
  });

  it('refuses a NUL in a form-encoded body (the contact form posted as a form)', async () => {
    const res = await browser.request('POST', '/classroom-training/contact-us', { form: { name: 'Erik\u0000', email: 'erik@example.com' }, csrf: true });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: expect.stringContaining('control character'), code: 'invalid_characters' });
  });

  it('refuses bytes that are not UTF-8: in a JSON body, a path segment and a query', async () => {
    const notUtf8 = Buffer.concat([Buffer.from('{"email":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('@x.eu","password":"p"}')]);
    expect(await postRaw('/login', notUtf8)).toEqual({
      status: 400,
      body: { message: 'The request body is not valid UTF-8.', code: 'invalid_encoding' },
    });
    expect(await send('GET', '/api/content/articles/%FF')).toEqual({ status: 400, body: { message: 'The address is not valid.', code: 'invalid_url' } });
    expect(await send('GET', '/api/products/search?query=%C0%80')).toEqual({
      status: 400,
      body: { message: 'The address contains %-escapes that are not valid UTF-8.', code: 'invalid_encoding' },
    });
  });

  it(`refuses a JSON body nested deeper than ${MAX_JSON_DEPTH} levels on every route with a JSON body, before validation`, async () => {
    const { browser: buyer } = await newBuyer(platform);
    const operations = await documentedJsonOperations();
    expect(operations.length).toBeGreaterThan(20);
    const tooDeep = { status: 400, body: { message: `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`, code: 'body_too_deep' } };
    for (const { method, path } of operations) {
      for (const rawJson of [nested(2000), `{"email":${nested(MAX_JSON_DEPTH)}}`]) {
        expect({ method, path, ...(await send(method, path, { rawJson, by: buyer })) }).toEqual({ method, path, ...tooDeep });
      }
    }
    // Exactly the limit is read and validated: the outer object and 31 arrays inside it.
    const atLimit = await send('POST', '/login', { rawJson: `{"email":${nested(MAX_JSON_DEPTH - 1)},"password":"x"}` });
    expect(atLimit.status).toBe(422);
  });

  it(`refuses a body over the route's size limit with 413 (${DEFAULT_BODY_LIMIT / 1024} KB by default, ${AVATAR_BODY_LIMIT / 1024} KB for the avatar)`, async () => {
    const tooLarge = (kb: number) => ({ status: 413, body: { message: `The request body is larger than the ${kb} KB this address accepts.`, code: 'body_too_large' } });
    const overDefault = JSON.stringify({ email: 'x'.repeat(DEFAULT_BODY_LIMIT), password: 'p' });
    expect(await send('POST', '/login', { rawJson: overDefault })).toEqual(tooLarge(DEFAULT_BODY_LIMIT / 1024));
    expect(await send('POST', PaymentRoutes.paypalWebhook, { rawJson: overDefault })).toEqual(tooLarge(DEFAULT_BODY_LIMIT / 1024));

    // Without a Content-Length (chunked), the limit is enforced while reading.
    const chunks = [Buffer.from('{"email":"'), Buffer.alloc(DEFAULT_BODY_LIMIT, 'x'), Buffer.from('"}')];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    expect(await postRaw('/login', stream)).toEqual(tooLarge(DEFAULT_BODY_LIMIT / 1024));

    // Under the limit, a long field reaches validation (422), so the limit is not lower than said.
    const underDefault = await send('POST', '/login', { rawJson: JSON.stringify({ email: 'x'.repeat(DEFAULT_BODY_LIMIT - 100), password: 'p' }) });
    expect(underDefault.status).toBe(422);

    const { browser: buyer } = await newBuyer(platform);
    const avatarOf = (bytes: number) => JSON.stringify({ avatar: 'A'.repeat(bytes), content_type: 'image/png' });
    expect((await send('POST', '/profile/avatar', { rawJson: avatarOf(AVATAR_BODY_LIMIT - 1000), by: buyer })).status).toBe(422);
    expect(await send('POST', '/profile/avatar', { rawJson: avatarOf(AVATAR_BODY_LIMIT), by: buyer })).toEqual(tooLarge(AVATAR_BODY_LIMIT / 1024));
  });

  it('answers a huge or tiny number where money is expected with a 422 on the field (1e-7 used to throw in validation: 500)', async () => {
    const administrator = await signedIn(platform, DEMO_ACCOUNTS.administrator.email);
    for (const amount of ['1e-7', '-5e-323', '1e400', '123456789012345678901234567890', '0.015']) {
      const answer = await send('POST', '/api/admin/payments/bank-wire/confirm', { rawJson: `{"reference":"AM-2026-000123","amount":${amount}}`, by: administrator });
      expect({ amount, status: answer.status }).toEqual({ amount, status: 422 });
      expect((answer.body as unknown as { errors: Record<string, string[]> }).errors.amount).toBeDefined();
    }
  });

  it('services answer a NUL over NATS with 400 invalid_characters, whoever calls them (catalog-cart, payments)', async () => {
    const { rpc } = platform.gateway.infra;
    const calls: [string, Promise<unknown>][] = [
      ['article', rpc.call(ContentRpc.Article, { slug: 'terms\u0000' })],
      ['search', rpc.call(CatalogRpc.SearchProducts, { query: 'a\u0000', limit: 10 })],
      ['card callback', rpc.call(PaymentsRpc.CardCallback, { orderId: ORDER_ID, transactionId: 'sbx\u0000' })],
      ['webhook', rpc.call(PaymentsRpc.ProviderWebhook, { source: 'paypal', payload: { resource: { id: '\u0000' } } })],
      ['sandbox', rpc.call(PaymentsRpc.SandboxThreeDsGet, { transactionId: '\u0000' })],
    ];
    for (const [name, call] of calls) {
      const failure = await call.then(
        () => null,
        (error: unknown) => error,
      );
      expect({ name, failure }).toEqual({ name, failure: expect.any(RemoteError) });
      expect({ name, payload: (failure as RemoteError).payload }).toEqual({
        name,
        payload: { code: CommonErrorCode.InvalidCharacters, message: 'The request contains a NUL character, which is not allowed.', status: 400 },
      });
    }
    // The text "\u0000" (a backslash, then u0000) is no NUL: it is searched like any text.
    await expect(rpc.call(CatalogRpc.SearchProducts, { query: '\\u0000', limit: 10 })).resolves.toEqual({ data: expect.any(Array) });
  });
});
