import type { OrderPaid } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { billToOf, countryName, invoiceDocumentOf, invoiceFilename, invoiceNumber, issueTimeOf } from './invoice-document.js';

const buyer: OrderPaid['buyer'] = { userId: 'u-1', email: 'jane@example.com', name: ' Jane Doe ', companyId: null };
const billing: NonNullable<OrderPaid['billing']> = {
  person: 'Jan Kowalski',
  email: null,
  phone: '+48 600 000 000',
  country: 'pl',
  region: null,
  city: 'Gdańsk',
  address: 'ul. Lotnicza 5',
  zip: '80-001',
  to_company: true,
  company: 'Baltic MRO',
  company_code: 'KRS 1',
  vat: 'PL5260001246',
};

describe('the invoice of a paid order', () => {
  it('is numbered <prefix>-<year>-<6-digit sequence> and its file is invoice-<number>.pdf', () => {
    expect(invoiceNumber('AM-INV', 2026, 1)).toBe('AM-INV-2026-000001');
    expect(invoiceNumber('AM-INV', 2026, 1234567)).toBe('AM-INV-2026-1234567');
    expect(invoiceFilename('AM-INV-2026-000001')).toBe('invoice-AM-INV-2026-000001.pdf');
  });

  it('is dated at the payment, or at the event when the payment time is not a date', () => {
    expect(issueTimeOf({ paidAt: '2026-12-31T23:59:59.000Z' }, '2027-01-01T00:00:05.000Z').toISOString()).toBe('2026-12-31T23:59:59.000Z');
    expect(issueTimeOf({ paidAt: 'yesterday' }, '2027-01-01T00:00:05.000Z').toISOString()).toBe('2027-01-01T00:00:05.000Z');
  });

  it('bills the company of the billing snapshot, to the attention of its person, with the country spelled out', () => {
    expect(billToOf({ buyer, billing })).toEqual({
      name: 'Jan Kowalski',
      company: 'Baltic MRO',
      companyCode: 'KRS 1',
      vat: 'PL5260001246',
      address: 'ul. Lotnicza 5',
      zip: '80-001',
      city: 'Gdańsk',
      region: null,
      country: 'Poland',
      email: 'jane@example.com',
    });
  });

  it('leaves out the company fields when the snapshot does not bill to a company, and falls back to the buyer for empty fields', () => {
    const billTo = billToOf({ buyer, billing: { ...billing, to_company: false, person: '  ', email: 'ap@example.com' } });
    expect(billTo).toEqual(expect.objectContaining({ name: 'Jane Doe', company: null, companyCode: null, vat: null, email: 'ap@example.com' }));
  });

  it('bills the buyer by name and e-mail without a billing snapshot (the e-mail when the name is empty)', () => {
    expect(billToOf({ buyer, billing: null })).toEqual(expect.objectContaining({ name: 'Jane Doe', email: 'jane@example.com', company: null, address: null }));
    expect(billToOf({ buyer: { ...buyer, name: '' } }).name).toBe('jane@example.com');
  });

  it('keeps each line with its own discount (unit price × quantity − line total) and the totals with the voucher code', () => {
    const document = invoiceDocumentOf(
      {
        orderId: '0b8e4f52-6a0c-4d53-9f5e-3f1c2a7b9d10',
        reference: 'AM-2026-000042',
        buyer,
        paymentKind: 'free',
        lines: [{ productId: 1, productType: 'course', name: 'Human Factors', quantity: 2, programId: null, unitPriceCents: 5000, totalCents: 8000 }],
        totals: { beforeDiscountCents: 10000, discountCents: 2000, voucherDiscountCents: 8000, finalCents: 0 },
        voucherCode: 'FREE100',
        paidAt: '2026-03-01T08:00:00.000Z',
      },
      { number: 'AM-INV-2026-000003', issuedAt: new Date('2026-03-01T08:00:00.000Z'), seller: { name: 'S', address: [], vatId: 'V' } },
    );
    expect(document.lines).toEqual([{ name: 'Human Factors', quantity: 2, unitPriceCents: 5000, discountCents: 2000, totalCents: 8000 }]);
    expect(document.totals).toEqual({ beforeDiscountCents: 10000, discountCents: 2000, voucherCode: 'FREE100', voucherDiscountCents: 8000, totalCents: 0 });
    expect(document).toEqual(expect.objectContaining({ paymentKind: 'free', currency: 'EUR', transactionId: null }));
  });

  it('takes the VAT at the seller\'s rate out of the total paid, and gives each line that rate', () => {
    const seller = { name: 'S', address: [], vatId: 'BE0123456789', vatRatePercent: 21 };
    const paid: OrderPaid = {
      orderId: '0b8e4f52-6a0c-4d53-9f5e-3f1c2a7b9d10',
      reference: 'AM-2026-000043',
      buyer,
      paymentKind: 'mangopay',
      lines: [
        { productId: 1, productType: 'course', name: 'Human Factors', quantity: 1, programId: null, unitPriceCents: 8900, totalCents: 8900 },
        { productId: 2, productType: 'course', name: 'EWIS', quantity: 2, programId: null, unitPriceCents: 6900, totalCents: 13800 },
      ],
      totals: { beforeDiscountCents: 22700, discountCents: 0, voucherDiscountCents: 2700, finalCents: 20000 },
      voucherCode: 'TWENTY',
      paidAt: '2026-03-01T08:00:00.000Z',
      billing: null,
    };
    const document = invoiceDocumentOf(paid, { number: 'AM-INV-2026-000004', issuedAt: new Date(paid.paidAt), seller });
    expect(document.lines.map((line) => line.vatRatePercent)).toEqual([21, 21]);
    // 200.00 paid (after the voucher) at 21 %: 34.71 VAT, 165.29 taxable.
    expect(document.totals).toEqual(
      expect.objectContaining({ totalCents: 20000, netCents: 16529, vatCents: 3471, vatRates: [{ ratePercent: 21, netCents: 16529, vatCents: 3471 }], reverseCharge: false }),
    );
    const reverse = invoiceDocumentOf({ ...paid, billing }, { number: 'AM-INV-2026-000005', issuedAt: new Date(paid.paidAt), seller });
    expect(reverse.lines.map((line) => line.vatRatePercent)).toEqual([0, 0]);
    expect(reverse.totals).toEqual(expect.objectContaining({ netCents: 20000, vatCents: 0, vatRates: [{ ratePercent: 0, netCents: 20000, vatCents: 0 }], reverseCharge: true }));
  });

  it('spells out ISO country ids and keeps any other country text', () => {
    expect(countryName('NO')).toBe('Norway');
    expect(countryName('Deutschland')).toBe('Deutschland');
    expect(countryName(null)).toBeNull();
  });
});
