// What became of orders, read from every service's tables (one database, a schema per service)
// and from the SMTP server: paid, fulfilled (catalog-cart handled its order.paid), invoiced and
// e-mailed, each counted, so "exactly once" is checked rather than assumed.

/**
 * One row per order id: its status, the order.paid events payments published for it, how many
 * of those catalog-cart handled, its invoices, its confirmation e-mail row, its wallet top-up
 * credits.
 */
export async function auditOrders(db, orderIds) {
  const { rows } = await db.query(
    `WITH wanted AS (SELECT unnest($1::uuid[]) AS id),
     paid_events AS (
       SELECT (payload->'data'->>'orderId')::uuid AS order_id, id AS event_id FROM payments.outbox
        WHERE type = 'order.paid' AND (payload->'data'->>'orderId')::uuid IN (SELECT id FROM wanted))
     SELECT w.id AS order_id, o.status, o.reference, o.buyer_email,
            (SELECT count(*)::int FROM paid_events p WHERE p.order_id = w.id) AS paid_events,
            (SELECT count(*)::int FROM catalog_cart.inbox i JOIN paid_events p ON p.event_id = i.event_id
              WHERE p.order_id = w.id AND i.consumer = 'catalog-cart.order-paid') AS fulfilments,
            (SELECT count(*)::int FROM notifications.invoices v WHERE v.order_id = w.id) AS invoices,
            (SELECT status FROM notifications.emails e WHERE e.key = 'order-confirmation:' || w.id) AS email_status,
            (SELECT count(*)::int FROM payments.wallet_entries we WHERE we.order_id = w.id AND we.kind = 'top_up') AS wallet_credits
       FROM wanted w LEFT JOIN payments.orders o ON o.id = w.id`,
    [orderIds],
  );
  return rows;
}

/** Order confirmations the SMTP server received, by order reference. */
export function confirmationsByReference(mail) {
  const counts = new Map();
  for (const message of mail.messages) {
    const reference = /^Order confirmation (\S+)/.exec(message.subject)?.[1];
    if (reference) counts.set(reference, (counts.get(reference) ?? 0) + 1);
  }
  return counts;
}

/** True once every order is paid, fulfilled, invoiced and its e-mail sent (or false). */
export function settled(rows, received) {
  return rows.every(
    (r) => r.status === 'payed' && r.paid_events >= 1 && r.fulfilments >= 1 && r.invoices >= 1 && r.email_status === 'sent' && (received.get(r.reference) ?? 0) >= 1,
  );
}

/** Orders that fall short of each step, and steps done more than once, over `rows`. */
export function shortfalls(rows, received) {
  const count = (predicate) => rows.filter(predicate).length;
  return {
    not_paid: count((r) => r.status !== 'payed'),
    paid_twice: count((r) => r.paid_events > 1),
    not_fulfilled: count((r) => r.fulfilments === 0),
    fulfilled_twice: count((r) => r.fulfilments > 1),
    not_invoiced: count((r) => r.invoices === 0),
    not_emailed: count((r) => (received.get(r.reference) ?? 0) === 0),
    emailed_twice: count((r) => (received.get(r.reference) ?? 0) > 1),
  };
}
