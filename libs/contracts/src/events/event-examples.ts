/**
 * Examples declared by hand for the event catalogue, by event name, where a generated one
 * (event-catalogue.ts `eventExample`) would not tell a subscriber enough. Each is parsed with its
 * event's schema by the catalogue's test, so an example cannot drift from its schema.
 */
export const EVENT_EXAMPLES: Readonly<Record<string, unknown>> = {
  'order.paid': {
    orderId: '3b2f6a0e-9c1d-4e5f-8a7b-6c5d4e3f2a1b',
    reference: 'AM-2026-000123',
    buyer: { userId: '5f0c6b1e-2d3a-4b5c-8d6e-7f8091a2b3c4', email: 'buyer@example.com', name: 'Ada Lovelace', companyId: null },
    paymentKind: 'mangopay',
    lines: [
      {
        productId: 101,
        productType: 'course',
        name: 'B1 Module 3: Electrical Fundamentals',
        quantity: 2,
        programId: 12,
        unitPriceCents: 4900,
        totalCents: 9800,
      },
    ],
    totals: { beforeDiscountCents: 9800, discountCents: 0, voucherDiscountCents: 980, finalCents: 8820 },
    voucherCode: 'WELCOME10',
    paidAt: '2026-03-14T09:30:00.000Z',
    billing: {
      person: 'Ada Lovelace',
      email: 'buyer@example.com',
      phone: null,
      country: 'DE',
      region: null,
      city: 'Hamburg',
      address: 'Hafenstraße 1',
      zip: '20457',
      to_company: false,
      company: null,
      company_code: null,
      vat: null,
    },
    placedAt: '2026-03-14T09:29:12.000Z',
    transactionId: 'payin_84213',
  },
};
