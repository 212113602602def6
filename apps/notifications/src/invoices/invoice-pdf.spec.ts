import { describe, expect, it } from '@jest/globals';
import { paidOrder as order } from '../../test/support/paid-order.js';
import { pdfTextContent } from '../../test/support/pdf-text.js';
import { invoiceDocumentOf, type InvoiceDocument } from './invoice-document.js';
import { formatInvoiceDate, pdfText, renderInvoicePdf } from './invoice-pdf.js';

const seller = { name: 'AeroMaint Academy', address: ['Aviation Park 12', '1130 Brussels', 'Belgium'], vatId: 'BE0123456789', vatRatePercent: 21 };

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return { ...invoiceDocumentOf(order, { number: 'AM-INV-2026-000007', issuedAt: new Date(order.paidAt), seller }), ...overrides };
}

describe('the invoice PDF', () => {
  it('is a PDF whose text shows the seller, number, date, order reference, bill-to, lines, totals and payment', async () => {
    const pdf = await renderInvoicePdf(invoice());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfTextContent(pdf);
    for (const expected of [
      'AeroMaint Academy',
      'VAT ID: BE0123456789',
      'INVOICE',
      'AM-INV-2026-000007',
      '21 November 2026',
      'AM-2026-000042',
      'Bill to',
      'Nordic MRO Sp. z o.o.',
      'Attn: Jan Kowalski',
      'ul. Lotnicza 5',
      '90-001 Lódz',
      'Poland',
      'Company code: KRS 0000123456',
      'VAT ID: PL5260001246',
      'Part-66 Module 7',
      'Team package',
      '€1,234.56',
      '-€50.00',
      '€3,653.68',
      'Total before discount',
      '€3,902.68',
      'Voucher SPRING10',
      '-€10.50',
      'Total incl. VAT (EUR)',
      '€3,842.18',
      'Payment method: PayPal',
      'Transaction: PAY-7781',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('shows the VAT rate of each line, the total without VAT, the VAT per rate and the total with VAT', async () => {
    const private_ = invoice(invoiceDocumentOf({ ...order, billing: null }, { number: 'AM-INV-2026-000009', issuedAt: new Date(order.paidAt), seller }));
    const text = pdfTextContent(await renderInvoicePdf(private_));
    // 3,842.18 paid at 21 %: VAT 666.82, taxable 3,175.36.
    for (const expected of ['VAT', '21 %', 'Total excl. VAT', '€3,175.36', 'VAT 21 % of €3,175.36', '€666.82', 'Total incl. VAT (EUR)', '€3,842.18']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('reverse charge');
  });

  it('reverse-charges a company of another EU member state: 0 % with the legal mention', async () => {
    const text = pdfTextContent(await renderInvoicePdf(invoice()));
    for (const expected of ['0 %', 'VAT 0 % (reverse charge)', 'Total excl. VAT', 'Reverse charge: VAT to be accounted for by the recipient (Article 196 of Directive 2006/112/EC).']) {
      expect(text).toContain(expected);
    }
  });

  it('renders an invoice issued before VAT was shown as it was (no VAT column or rows)', async () => {
    const before = invoiceDocumentOf(order, { number: 'AM-INV-2026-000001', issuedAt: new Date(order.paidAt), seller: { ...seller, vatRatePercent: undefined } });
    const text = pdfTextContent(await renderInvoicePdf(before));
    expect(text).toContain('Total (EUR)');
    expect(text).not.toContain('Total excl. VAT');
  });

  it('renders the same invoice to the same bytes, dated (CreationDate) at the issue date', async () => {
    const first = await renderInvoicePdf(invoice());
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await renderInvoicePdf(invoice());
    expect(second.equals(first)).toBe(true);
    // The information dictionary refers to the dates as objects: `/CreationDate 14 0 R` … `14 0 obj (D:…Z)`.
    const raw = first.toString('latin1');
    const ref = /\/CreationDate (\d+) 0 R/.exec(raw)![1];
    expect(raw).toContain(`${ref} 0 obj\n(D:20261121233000Z)`);
    expect((await renderInvoicePdf(invoice({ number: 'AM-INV-2026-000008' }))).equals(first)).toBe(false);
  });

  it('bills the buyer by name and e-mail when the order has no billing details, and leaves out empty discount rows', async () => {
    const plain = invoiceDocumentOf(
      {
        ...order,
        billing: null,
        lines: [order.lines[0]],
        totals: { beforeDiscountCents: 19900, discountCents: 0, voucherDiscountCents: 0, finalCents: 19900 },
        voucherCode: null,
      },
      { number: 'AM-INV-2026-000009', issuedAt: new Date(order.paidAt), seller },
    );
    const text = pdfTextContent(await renderInvoicePdf(plain));
    expect(text).toContain('Jane Doe');
    expect(text).toContain('jane@example.com');
    expect(text).not.toContain('Nordic');
    expect(text).not.toContain('Voucher');
    expect(text).not.toMatch(/^Discount$/m);
    expect(text).toContain('Total before discount\n€199.00\nTotal excl. VAT\n€164.46\nVAT 21 % of €164.46\n€34.54\nTotal incl. VAT (EUR)\n€199.00');
  });

  it('continues a long list of lines on further pages, each with the footer and page number', async () => {
    const many = invoice({
      lines: Array.from({ length: 60 }, (_, i) => ({
        name: `Course ${i + 1}`,
        quantity: 1,
        unitPriceCents: 1000,
        discountCents: 0,
        totalCents: 1000,
      })),
    });
    const text = pdfTextContent(await renderInvoicePdf(many));
    expect(text).toContain('Course 60');
    expect(text).toMatch(/Page 1 of [2-9]/);
    expect(text).toContain('Page 2 of');
  });

  it('keeps text the standard fonts can show and simplifies the rest', () => {
    expect(pdfText('Zoë Müller – €10 • Œuvre')).toBe('Zoë Müller – €10 • Œuvre');
    expect(pdfText('Łukasz Żółć, Dvořák, Őrs')).toBe('Lukasz Zólc, Dvorák, Ors');
    expect(pdfText('Anna\u0007 Иванова 王')).toBe('Anna  ??????? ?');
  });

  it('prints dates as day, month name and year in UTC', () => {
    expect(formatInvoiceDate(new Date('2026-11-21T23:30:00.000Z'))).toBe('21 November 2026');
    expect(formatInvoiceDate(new Date('2027-01-01T00:00:00.000Z'))).toBe('1 January 2027');
  });
});
