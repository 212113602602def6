import type { OrderPaid, PaymentKind } from '@aero/contracts';
import { isReverseCharge, vatIncluded } from './invoice-vat.js';

/** The seller as printed on an invoice (from the configuration when the invoice was issued). */
export interface InvoiceSeller {
  name: string;
  /** Postal address, one entry per line. */
  address: string[];
  vatId: string;
  /** The standard VAT rate in percent (INVOICE_VAT_RATE_PERCENT); absent on invoices issued before VAT was shown. */
  vatRatePercent?: number;
}

/**
 * Who the invoice is addressed to: the order's billing snapshot when there is one (company
 * fields only when billing to a company), else the buyer's name and e-mail.
 */
export interface InvoiceBillTo {
  /** The billing person, else the buyer's name (the e-mail address when the name is empty). */
  name: string;
  company: string | null;
  companyCode: string | null;
  vat: string | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  region: string | null;
  /** The country's English name (an ISO 3166-1 alpha-2 id is spelled out when issuing). */
  country: string | null;
  email: string | null;
}

/** One invoice line; money in cents. */
export interface InvoiceLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** The line's own discount: unit price × quantity − line total (0 when none). */
  discountCents: number;
  totalCents: number;
  /** The line's VAT rate in percent (0 under the reverse charge); absent on invoices issued before VAT was shown. */
  vatRatePercent?: number;
}

/** The taxable amount and the VAT of one rate; cents. */
export interface InvoiceVatRate {
  ratePercent: number;
  netCents: number;
  vatCents: number;
}
export interface InvoiceTotals {
  beforeDiscountCents: number;
  discountCents: number;
  voucherCode: string | null;
  voucherDiscountCents: number;
  totalCents: number;
  /** The total without VAT, the VAT, and both per rate (after discounts); absent on invoices issued before VAT was shown. */
  netCents?: number;
  vatCents?: number;
  vatRates?: InvoiceVatRate[];
  /** The customer accounts for the VAT (a company of another EU member state). */
  reverseCharge?: boolean;
}

/** Everything an invoice shows: what is stored when it is issued and what its PDF is rendered from. */
export interface InvoiceDocument {
  /** e.g. `AM-INV-2026-000001`. */
  number: string;
  /** The payment time: the issue date printed (UTC) and the PDF's CreationDate. */
  issuedAt: Date;
  orderReference: string;
  seller: InvoiceSeller;
  billTo: InvoiceBillTo;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  paymentKind: PaymentKind;
  currency: 'EUR';
  /** The payment provider's transaction id, when there is one. */
  transactionId: string | null;
}

/** `<prefix>-<year>-<sequence, at least 6 digits>`, e.g. `AM-INV-2026-000001`. */
export function invoiceNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The file name of an invoice's PDF: `invoice-AM-INV-2026-000001.pdf`. */
export function invoiceFilename(number: string): string {
  return `invoice-${number}.pdf`;
}

/**
 * When the invoice is issued: the order's payment time; the event's time when the payment time
 * is not a date (it is only a string in the event's schema).
 */
export function issueTimeOf(order: Pick<OrderPaid, 'paidAt'>, occurredAt: string): Date {
  const paid = new Date(order.paidAt);
  if (!Number.isNaN(paid.getTime())) return paid;
  const occurred = new Date(occurredAt);
  return Number.isNaN(occurred.getTime()) ? new Date() : occurred;
}

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** `DE` → `Germany`; anything else as given. Resolved once, when issuing, and stored. */
export function countryName(country: string | null): string | null {
  if (!country || !/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return regionNames.of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}

/** The bill-to block of an order (see InvoiceBillTo). */
export function billToOf(order: Pick<OrderPaid, 'buyer' | 'billing'>): InvoiceBillTo {
  const buyerName = text(order.buyer.name) ?? order.buyer.email;
  const billing = order.billing;
  if (!billing) {
    return {
      name: buyerName,
      company: null,
      companyCode: null,
      vat: null,
      address: null,
      zip: null,
      city: null,
      region: null,
      country: null,
      email: order.buyer.email,
    };
  }
  // The billing form shows the company fields only when billing to a company.
  const toCompany = billing.to_company;
  return {
    name: text(billing.person) ?? buyerName,
    company: toCompany ? text(billing.company) : null,
    companyCode: toCompany ? text(billing.company_code) : null,
    vat: toCompany ? text(billing.vat) : null,
    address: text(billing.address),
    zip: text(billing.zip),
    city: text(billing.city),
    region: text(billing.region),
    country: countryName(text(billing.country)),
    email: text(billing.email) ?? order.buyer.email,
  };
}

/**
 * The VAT of an invoice: every line at one rate (the seller's standard rate, or 0 % under the
 * reverse charge), taken out of the total paid after discounts (invoice-vat.ts).
 */
function vatOf(seller: InvoiceSeller, billTo: InvoiceBillTo, totalCents: number): { ratePercent: number; totals: Required<Pick<InvoiceTotals, 'netCents' | 'vatCents' | 'vatRates' | 'reverseCharge'>> } | null {
  if (seller.vatRatePercent === undefined) return null;
  const reverseCharge = isReverseCharge(seller.vatId, billTo);
  const ratePercent = reverseCharge ? 0 : seller.vatRatePercent;
  const { netCents, vatCents } = vatIncluded(totalCents, ratePercent);
  return { ratePercent, totals: { netCents, vatCents, vatRates: [{ ratePercent, netCents, vatCents }], reverseCharge } };
}

/** The invoice of a paid order, with its number and the seller in force. */
export function invoiceDocumentOf(
  order: OrderPaid,
  issue: { number: string; issuedAt: Date; seller: InvoiceSeller },
): InvoiceDocument {
  const billTo = billToOf(order);
  const vat = vatOf(issue.seller, billTo, order.totals.finalCents);
  return {
    number: issue.number,
    issuedAt: issue.issuedAt,
    orderReference: order.reference,
    seller: issue.seller,
    billTo,
    lines: order.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      discountCents: Math.max(0, line.unitPriceCents * line.quantity - line.totalCents),
      totalCents: line.totalCents,
      ...(vat ? { vatRatePercent: vat.ratePercent } : {}),
    })),
    totals: {
      beforeDiscountCents: order.totals.beforeDiscountCents,
      discountCents: order.totals.discountCents,
      voucherCode: order.voucherCode,
      voucherDiscountCents: order.totals.voucherDiscountCents,
      totalCents: order.totals.finalCents,
      ...(vat ? vat.totals : {}),
    },
    paymentKind: order.paymentKind,
    currency: 'EUR',
    transactionId: order.transactionId ?? null,
  };
}
