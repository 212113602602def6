// Simulated buyers for the chaos cases, on the bench's buyer (tools/bench/orders.mjs): each one
// registered over NATS, signed in through the gateway from its own loopback address.
import { setTimeout as sleep } from 'node:timers/promises';
import { Buyer, registerBuyers, SANDBOX_CARD } from '../bench/orders.mjs';

export const COURSE_ID = 107;
export const WALLET_TOP_UP_100_ID = 501;

/** Polls `check` until it returns a truthy value or `timeoutMs` passes; resolves to that value or false. */
export async function waitUntil(check, { timeoutMs = 60_000, intervalMs = 250 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => false);
    if (value) return value;
    if (Date.now() > deadline) return false;
    await sleep(intervalMs);
  }
}

/** `count` buyers, signed in (a request not answered within `timeoutMs` fails). */
export async function signedInBuyers(product, natsUrl, count, { timeoutMs = 15_000 } = {}) {
  const { run, emails } = await registerBuyers(natsUrl, count, { concurrency: 4 });
  const buyers = emails.map((email, i) => Object.assign(new Buyer(product.url, i, { timeoutMs }), { email }));
  for (let i = 0; i < buyers.length; i += 8) await Promise.all(buyers.slice(i, i + 8).map((b) => b.signIn(b.email)));
  return { run, buyers };
}

/** A request whose failure to get an answer counts as status 0 (`error` says why). */
export async function call(buyer, method, path, body) {
  const started = performance.now();
  try {
    const res = await buyer.request(method, path, body);
    return { ...res, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, json: null, error: error.message, ms: performance.now() - started };
  }
}

/** Empties the buyer's cart and puts one `productId` in it; resolves to the add's answer. */
export async function cartWith(buyer, productId) {
  await call(buyer, 'DELETE', '/api/cart/empty');
  return call(buyer, 'POST', '/api/cart/add', { product_id: productId, quantity: 1, update: true });
}

/**
 * Pays the cart with the sandbox card: the payment (which places the order), then the return
 * from the provider, asked again while it answers 503 or nothing, as a buyer reloading the page
 * would, for up to `retryForMs`. `placed`: the payment was answered with an order.
 */
export async function payByCard(buyer, { retryForMs = 60_000 } = {}) {
  const pay = await call(buyer, 'POST', '/payment-gateway/mango-pay/pay', SANDBOX_CARD);
  if (pay.status !== 200 || !pay.json?.success) return { placed: false, pay };
  const orderId = pay.json.cart_id;
  const transactionId = pay.json.transaction_id;
  const deadline = Date.now() + retryForMs;
  let callback;
  for (;;) {
    callback = await call(buyer, 'GET', `/payment-gateway/mango-pay-callback/${orderId}?transactionId=${transactionId}`);
    if ((callback.status !== 503 && callback.status !== 0) || Date.now() > deadline) break;
    await sleep(500);
  }
  return { placed: true, orderId, transactionId, pay, callback, paidAnswer: callback.status === 200 && callback.json?.status === 'paid' };
}
