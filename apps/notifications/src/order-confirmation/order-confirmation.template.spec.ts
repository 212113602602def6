import { describe, expect, it } from '@jest/globals';
import { mailText } from '../../test/support/mail-text.js';
import { paidOrder as order } from '../../test/support/paid-order.js';
import { orderConfirmationEmail } from './order-confirmation.template.js';

describe('the order confirmation e-mail', () => {
  it('lists the reference, each line as name × quantity, the discounts and the total in euros, and points to the attached invoice', () => {
    const email = orderConfirmationEmail(order, 'https://academy.example');
    expect(email.key).toBe('order-confirmation:0b8e4f52-6a0c-4d53-9f5e-3f1c2a7b9d10');
    expect(email.to).toBe('jane@example.com');
    expect(email.subject).toBe('Order confirmation AM-2026-000042');
    expect(email.text).toBe(
      mailText('Hello Jane Doe,', [
        'thank you for your order AM-2026-000042 at AeroMaint Academy. We have received your payment.',
        '',
        'Order reference: AM-2026-000042',
        'Paid on: 21 November 2026',
        'Payment method: PayPal',
        '',
        'Your order:',
        '- Part-66 Module 7 × 1: €199.00',
        '- Team package × 3 (€1,234.56 each): €3,653.68',
        '',
        'Subtotal: €3,902.68',
        'Discount: -€50.00',
        'Voucher SPRING10: -€10.50',
        'Total paid: €3,842.18',
        '',
        'Your invoice is attached to this e-mail as a PDF. Your orders and their invoices are also on your orders page:',
        'https://academy.example/orders',
      ]),
    );
  });

  it('shows only the total when nothing was discounted, and a free order as €0.00', () => {
    const free = orderConfirmationEmail(
      {
        ...order,
        paymentKind: 'free',
        lines: [{ ...order.lines[0], unitPriceCents: 0, totalCents: 0 }],
        totals: { beforeDiscountCents: 0, discountCents: 0, voucherDiscountCents: 0, finalCents: 0 },
        voucherCode: null,
      },
      'http://localhost:3000',
    );
    expect(free.text).toContain('- Part-66 Module 7 × 1: €0.00\n\nTotal paid: €0.00\n');
    expect(free.text).not.toMatch(/Subtotal|Discount|Voucher/);
    expect(free.text).toContain('Payment method: Free order');
  });
});
