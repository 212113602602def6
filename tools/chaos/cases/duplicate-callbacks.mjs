// 50 copies of the provider's return for one paid order, all at once (a buyer's browser and a
// provider retrying): one payment, one fulfilment, one invoice, one e-mail, one wallet credit.
// The order is a wallet top-up, so the credit is countable.
import { auditOrders, confirmationsByReference, settled } from '../orders-audit.mjs';
import { cartWith, call, signedInBuyers, waitUntil, WALLET_TOP_UP_100_ID } from '../shop.mjs';
import { SANDBOX_CARD } from '../../bench/orders.mjs';

export async function duplicateCallbacks({ servers, product, mail, db, profile, log }) {
  const problems = [];
  const { buyers } = await signedInBuyers(product, servers.urls.nats, 1);
  const [buyer] = buyers;
  /** The wallet balance in cents (money in integer cents). */
  const balance = async () => (await call(buyer, 'GET', '/api/wallet')).json?.data?.balance_cents ?? null;
  const before = await balance();
  const added = await cartWith(buyer, WALLET_TOP_UP_100_ID);
  if (added.status !== 200) return { figures: {}, problems: [`the top-up could not be put in the cart: ${added.status}`] };
  const pay = await call(buyer, 'POST', '/payment-gateway/mango-pay/pay', SANDBOX_CARD);
  if (pay.status !== 200 || !pay.json?.success) return { figures: {}, problems: [`the card payment answered ${pay.status} ${JSON.stringify(pay.json)}`] };
  const orderId = pay.json.cart_id;
  const transactionId = pay.json.transaction_id;
  log(`order ${orderId} paid by card; ${profile.duplicates} returns from the provider at once`);

  // Every copy at the same moment, each on a connection of its own; the return needs no session.
  const callbackUrl = `${product.url}/payment-gateway/mango-pay-callback/${orderId}?transactionId=${transactionId}`;
  const answers = await Promise.all(
    Array.from({ length: profile.duplicates }, async () => {
      try {
        const res = await fetch(callbackUrl, { headers: { 'x-requested-with': 'XMLHttpRequest' }, signal: AbortSignal.timeout(30_000) });
        const json = await res.json().catch(() => null);
        return `${res.status} ${json?.status ?? ''}`.trim();
      } catch (error) {
        return `no answer (${error.message})`;
      }
    }),
  );
  const answered = {};
  for (const answer of answers) answered[answer] = (answered[answer] ?? 0) + 1;

  const done = await waitUntil(async () => settled(await auditOrders(db, [orderId]), confirmationsByReference(mail)), { timeoutMs: 60_000 });
  // A little longer, so that a second e-mail or credit would have time to show.
  await new Promise((r) => setTimeout(r, 3000));
  const [row] = await auditOrders(db, [orderId]);
  const emailed = confirmationsByReference(mail).get(row.reference) ?? 0;
  const after = await balance();
  const creditCents = after === null || before === null ? null : after - before;
  const figures = {
    duplicates: profile.duplicates,
    answers: answered,
    order_status: row.status,
    paid_events: row.paid_events,
    fulfilments: row.fulfilments,
    invoices: row.invoices,
    emails_received: emailed,
    wallet_credits: row.wallet_credits,
    wallet_balance_change_cents: creditCents,
  };
  if (!done) problems.push('the order was not paid, fulfilled, invoiced and e-mailed within 60 s');
  for (const [what, value] of Object.entries({ paid_events: row.paid_events, fulfilments: row.fulfilments, invoices: row.invoices, emails_received: emailed, wallet_credits: row.wallet_credits })) {
    if (value !== 1) problems.push(`${what}: ${value}, expected exactly 1`);
  }
  if (creditCents !== 10_000) problems.push(`the wallet balance changed by ${creditCents} cents, expected 10000 (100 EUR)`);
  const errors = answers.filter((a) => !a.startsWith('200') && !a.startsWith('302'));
  if (errors.length) problems.push(`${errors.length} returns were not answered 200: ${[...new Set(errors)].join(', ')}`);
  return { figures, problems };
}
