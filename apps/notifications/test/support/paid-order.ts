import type { OrderPaid } from '@aero/contracts';

/**
 * One paid order as payments announces it, for the documents written from it (the confirmation
 * e-mail, the invoice): two lines, the package one with its own discount (3 × €1,234.56 billed
 * €3,653.68), a voucher on top, and a company billing snapshot.
 */
export const paidOrder: OrderPaid = {
  orderId: '0b8e4f52-6a0c-4d53-9f5e-3f1c2a7b9d10',
  reference: 'AM-2026-000042',
  buyer: { userId: 'u-1', email: 'jane@example.com', name: 'Jane Doe', companyId: null },
  paymentKind: 'paypal',
  lines: [
    { productId: 107, productType: 'course', name: 'Part-66 Module 7', quantity: 1, programId: 1007, unitPriceCents: 19900, totalCents: 19900 },
    { productId: 402, productType: 'package', name: 'Team package', quantity: 3, programId: null, unitPriceCents: 123456, totalCents: 365368 },
  ],
  totals: { beforeDiscountCents: 390268, discountCents: 5000, voucherDiscountCents: 1050, finalCents: 384218 },
  voucherCode: 'SPRING10',
  paidAt: '2026-11-21T23:30:00.000Z',
  transactionId: 'PAY-7781',
  billing: {
    person: 'Jan Kowalski',
    email: 'billing@nordic-mro.example',
    phone: null,
    country: 'PL',
    region: null,
    city: 'Łódź',
    address: 'ul. Lotnicza 5',
    zip: '90-001',
    to_company: true,
    company: 'Nordic MRO Sp. z o.o.',
    company_code: 'KRS 0000123456',
    vat: 'PL5260001246',
  },
};
