/**
 * VAT on invoices. Shop prices include VAT (the terms: "Prices are in euros and include VAT where
 * applicable"), so an invoice takes the VAT out of what was paid: VAT = total × rate / (100 + rate),
 * rounded to the cent, the rest is the taxable amount. Every product is an e-learning service
 * taxed at the seller's standard rate (INVOICE_VAT_RATE_PERCENT), except for a company billed
 * with a VAT number of another EU member state: the reverse charge applies (0 %, the customer
 * accounts for the VAT; Article 196 of Directive 2006/112/EC).
 */

/** VAT number prefixes of the EU member states (Greece uses EL). */
const EU_VAT_PREFIXES = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

/** The legal mention printed on a reverse-charge invoice. */
export const REVERSE_CHARGE_NOTE = 'Reverse charge: VAT to be accounted for by the recipient (Article 196 of Directive 2006/112/EC).';

function prefixOf(vatId: string | null | undefined): string | null {
  const match = /^\s*([A-Za-z]{2})/.exec(vatId ?? '');
  return match ? match[1].toUpperCase() : null;
}

/** Whether an invoice to this customer is reverse-charged: a company with a VAT number of another EU member state than the seller's. */
export function isReverseCharge(sellerVatId: string, customer: { company: string | null; vat: string | null }): boolean {
  if (!customer.company || !customer.vat) return false;
  const buyer = prefixOf(customer.vat);
  return buyer !== null && EU_VAT_PREFIXES.has(buyer) && buyer !== prefixOf(sellerVatId);
}

/** The VAT included in an amount paid at this rate, and the taxable amount; cents. */
export function vatIncluded(grossCents: number, ratePercent: number): { netCents: number; vatCents: number } {
  const vatCents = ratePercent > 0 ? Math.round((grossCents * ratePercent) / (100 + ratePercent)) : 0;
  return { netCents: grossCents - vatCents, vatCents };
}

/** `21 %`, `5.5 %`. */
export function formatVatRate(ratePercent: number): string {
  return `${Number.isInteger(ratePercent) ? ratePercent : ratePercent.toFixed(1)} %`;
}
