import { PaymentRoutes, type BankWireInstructions, type OrderDto, type OrderListItem, type PaymentPageProps } from '@aero/contracts';

/** Payment page props (`GET /api/checkout`) of the sandbox provider, every method available. */
export function paymentPageProps(overrides: Partial<PaymentPageProps> = {}): PaymentPageProps {
  return {
    price: 1188,
    formatted_price: '€1,188.00',
    currency: 'EUR',
    available_methods: ['mangopay', 'paypal_credit', 'paypal', 'bankwire', 'wallet'],
    default_method: 'mangopay',
    wallet_balance: 1500,
    formatted_wallet_balance: '€1,500.00',
    paypal_client_id: 'sandbox',
    provider_mode: 'sandbox',
    routes: {
      mangopay: PaymentRoutes.cardPay,
      paypal: PaymentRoutes.paypalPay,
      paypal_credit: PaymentRoutes.paypalCreateOrder,
      paypal_credit_capture: PaymentRoutes.paypalCapture,
      bankwire: PaymentRoutes.bankWirePay,
      wallet: PaymentRoutes.walletPay,
      free: PaymentRoutes.freePay,
    },
    ...overrides,
  };
}

/** The bank-wire instructions of order `order-bw` (`GET /api/payments/bank-wire/order-bw`), still to be paid. */
export function bankWireInstructions(overrides: Partial<BankWireInstructions> = {}): BankWireInstructions {
  return {
    order_id: 'order-bw',
    reference: 'AM-2026-000777',
    status: 'waiting_from_payment',
    amount: 1188,
    formatted_amount: '€1,188.00',
    currency: 'EUR',
    beneficiary: 'AeroMaint Academy s.r.o.',
    iban: 'SK31 1200 0000 1987 4263 7541',
    bic: 'TATRSKBX',
    bank_name: 'Tatra banka',
    pay_before: '2026-07-01T12:00:00.000Z',
    ...overrides,
  };
}

/** One order of the orders screen (`GET /api/orders`), euros. */
export function orderListItem(overrides: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id: '0b6f4a52-3d4c-4f3e-9a56-6c1f1b2a0001',
    reference: 'AM-2026-000101',
    status: 'payed',
    payment_kind: 'mangopay',
    before_discount: 298,
    discount: 0,
    voucher_discount: 0,
    voucher_code: null,
    total: 298,
    formatted_total: '€298.00',
    currency: 'EUR',
    created_at: '2026-03-14T12:00:00.000Z',
    paid_at: '2026-03-14T12:01:00.000Z',
    canceled_at: null,
    can_cancel: false,
    invoice_available: true,
    lines: [
      {
        product_id: 201,
        name: 'Part-145 Initial Training',
        type: 'course',
        quantity: 2,
        program_id: 2001,
        unit_price: 149,
        unit_discount: 0,
        total: 298,
        formatted_total: '€298.00',
      },
    ],
    ...overrides,
  };
}

/** One order as `GET /api/orders/{uuid}` answers it (`OrderDto`, cents): paid by card. */
export function orderDto(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: '0b6f4a52-3d4c-4f3e-9a56-6c1f1b2a0001',
    reference: 'AM-2026-000101',
    status: 'payed',
    paymentKind: 'mangopay',
    buyer: { userId: 'user-1', email: 'student@example.com', name: 'Sam Student', companyId: null },
    billing: null,
    lines: [
      {
        productId: 201,
        productType: 'course',
        name: 'Part-145 Initial Training',
        quantity: 2,
        programId: 2001,
        unitPriceCents: 14900,
        unitDiscountCents: 0,
        totalCents: 29800,
      },
    ],
    totals: { beforeDiscountCents: 29800, discountCents: 0, withDiscountCents: 29800, voucherDiscountCents: 0, finalCents: 29800 },
    voucherCode: null,
    createdAt: '2026-03-14T12:00:00.000Z',
    updatedAt: '2026-03-14T12:01:00.000Z',
    paidAt: '2026-03-14T12:01:00.000Z',
    canceledAt: null,
    cancelReason: null,
    expiresAt: null,
    ...overrides,
  };
}
