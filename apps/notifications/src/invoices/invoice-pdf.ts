import { formatEuros } from '@aero/contracts';
import type { InvoiceDocument } from './invoice-document.js';
import { formatVatRate, REVERSE_CHARGE_NOTE } from './invoice-vat.js';
import { PAYMENT_KIND_LABELS } from './payment-kind-labels.js';
import { pdfDocument } from './pdf-fonts.js';
import { BRAND, INK, MUTED, RULE } from './pdf-palette.js';

const HEADER_FILL = '#eef2f6';

const PAGE_MARGIN = 50;
/** Room kept free at the bottom of every page for the footer. */
const FOOTER_SPACE = 60;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `21 November 2026` (UTC), spelled out here rather than by ICU so every runtime prints the same. */
export function formatInvoiceDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** Characters outside Latin-1 that the standard PDF fonts (WinAnsiEncoding) still have. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const TRANSLITERATIONS: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŀ: 'l',
  Ŀ: 'L',
  ŉ: "'n",
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
};

function isControl(char: string): boolean {
  const code = char.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

function encodable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/**
 * Text the built-in Helvetica (WinAnsiEncoding) can show: accented letters outside it lose their
 * accent (ő → o), a few letters are transliterated (ł → l), anything else becomes `?`. Control
 * characters become spaces. Embedding a Unicode font would avoid this; the standard fonts keep
 * the document small and free of font files.
 */
export function pdfText(value: string): string {
  let out = '';
  for (const char of value) {
    if (encodable(char)) out += char;
    else if (TRANSLITERATIONS[char] !== undefined) out += TRANSLITERATIONS[char];
    else if (isControl(char)) out += ' ';
    else {
      const stripped = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += stripped && [...stripped].every(encodable) ? stripped : '?';
    }
  }
  return out;
}

type Doc = PDFKit.PDFDocument;

interface Column {
  x: number;
  width: number;
  align: 'left' | 'right';
}

/**
 * The invoice as an A4 PDF: seller and invoice number/date on top, "Bill to", the lines table,
 * totals, the payment, a closing note, and a footer with page numbers on every page.
 *
 * Deterministic: the same invoice gives the same bytes. The only time-dependent parts of a
 * pdfkit document are its CreationDate (set to the issue date here) and the file ID (derived
 * from the document information); standard fonts are not embedded and no random ids are used.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = await pdfDocument(
    {
      size: 'A4',
      margins: { top: PAGE_MARGIN, bottom: FOOTER_SPACE, left: PAGE_MARGIN, right: PAGE_MARGIN },
      bufferPages: true,
      lang: 'en',
      displayTitle: true,
      info: {
        Title: pdfText(`Invoice ${invoice.number}`),
        Author: pdfText(invoice.seller.name),
        Subject: pdfText(`Invoice ${invoice.number} for order ${invoice.orderReference}`),
        Creator: pdfText(invoice.seller.name),
        Producer: 'PDFKit',
        CreationDate: invoice.issuedAt,
        ModDate: invoice.issuedAt,
      },
    },
    ['Helvetica', 'Helvetica-Bold'],
  );
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  header(doc, invoice);
  billTo(doc, invoice);
  lines(doc, invoice);
  totals(doc, invoice);
  payment(doc, invoice);
  footers(doc, invoice);
  doc.end();
  return done;
}

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottomLimit = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when fewer than `height` points are left on this one. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

function rule(doc: Doc, y: number, color = RULE): void {
  const left = doc.page.margins.left;
  doc
    .moveTo(left, y)
    .lineTo(left + contentWidth(doc), y)
    .lineWidth(0.75)
    .strokeColor(color)
    .stroke();
}

function header(doc: Doc, invoice: InvoiceDocument): void {
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const width = contentWidth(doc);
  const sellerWidth = width * 0.55;

  doc.font('Helvetica-Bold').fontSize(16).fillColor(BRAND).text(pdfText(invoice.seller.name), left, top, { width: sellerWidth });
  doc.moveDown(0.3).font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of invoice.seller.address) doc.text(pdfText(line), { width: sellerWidth });
  doc.text(pdfText(`VAT ID: ${invoice.seller.vatId}`), { width: sellerWidth });
  const sellerBottom = doc.y;

  const boxX = left + sellerWidth;
  const boxWidth = width - sellerWidth;
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text('INVOICE', boxX, top, { width: boxWidth, align: 'right' });
  doc.moveDown(0.4);
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Issue date', formatInvoiceDate(invoice.issuedAt)],
    ['Order reference', invoice.orderReference],
    ['Currency', invoice.currency],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`${label}:`, boxX, y, { width: boxWidth * 0.45, align: 'left' });
    doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(pdfText(value), boxX + boxWidth * 0.45, y, { width: boxWidth * 0.55, align: 'right' });
    doc.y = Math.max(doc.y, y + 13);
  }
  doc.y = Math.max(sellerBottom, doc.y) + 18;
  rule(doc, doc.y, BRAND);
  doc.y += 16;
}

function billTo(doc: Doc, invoice: InvoiceDocument): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc) * 0.6;
  const to = invoice.billTo;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(BRAND).text('Bill to', left, doc.y, { width });
  doc.moveDown(0.3);
  if (to.company) doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(pdfText(to.company), { width });
  doc
    .font(to.company ? 'Helvetica' : 'Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(pdfText(to.company ? `Attn: ${to.name}` : to.name), { width });
  doc.font('Helvetica').fontSize(9.5).fillColor(INK);
  const cityLine = [to.zip, to.city].filter(Boolean).join(' ');
  for (const line of [to.address, cityLine, to.region, to.country]) if (line) doc.text(pdfText(line), { width });
  doc.fillColor(MUTED);
  if (to.companyCode) doc.text(pdfText(`Company code: ${to.companyCode}`), { width });
  if (to.vat) doc.text(pdfText(`VAT ID: ${to.vat}`), { width });
  if (to.email) doc.text(pdfText(to.email), { width });
  doc.y += 20;
}

function lineColumns(doc: Doc, withDiscount: boolean, withVat: boolean): Record<'name' | 'quantity' | 'unit' | 'discount' | 'vat' | 'amount', Column> {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const amount = 80;
  const vat = withVat ? 50 : 0;
  const discount = withDiscount ? 70 : 0;
  const unit = 80;
  const quantity = 40;
  const name = width - amount - vat - discount - unit - quantity;
  return {
    name: { x: left, width: name, align: 'left' },
    quantity: { x: left + name, width: quantity, align: 'right' },
    unit: { x: left + name + quantity, width: unit, align: 'right' },
    discount: { x: left + name + quantity + unit, width: discount, align: 'right' },
    vat: { x: left + name + quantity + unit + discount, width: vat, align: 'right' },
    amount: { x: left + width - amount, width: amount, align: 'right' },
  };
}

const CELL_PADDING = 6;

function cell(doc: Doc, column: Column, y: number, value: string): void {
  const inner = column.width - 2 * CELL_PADDING;
  doc.text(pdfText(value), column.x + CELL_PADDING, y, { width: inner, align: column.align });
}

function tableHeader(doc: Doc, columns: ReturnType<typeof lineColumns>, withDiscount: boolean, withVat: boolean): void {
  const y = doc.y;
  doc.rect(doc.page.margins.left, y, contentWidth(doc), 20).fill(HEADER_FILL);
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
  cell(doc, columns.name, y + 6, 'Description');
  cell(doc, columns.quantity, y + 6, 'Qty');
  cell(doc, columns.unit, y + 6, 'Unit price');
  if (withDiscount) cell(doc, columns.discount, y + 6, 'Discount');
  if (withVat) cell(doc, columns.vat, y + 6, 'VAT');
  cell(doc, columns.amount, y + 6, 'Amount');
  doc.y = y + 20;
}

function lines(doc: Doc, invoice: InvoiceDocument): void {
  const withDiscount = invoice.lines.some((line) => line.discountCents > 0);
  // Invoices issued before VAT was shown have no rate on their lines: they render as they were.
  const withVat = invoice.lines.some((line) => line.vatRatePercent !== undefined);
  const columns = lineColumns(doc, withDiscount, withVat);
  ensureSpace(doc, 60);
  tableHeader(doc, columns, withDiscount, withVat);
  for (const line of invoice.lines) {
    doc.font('Helvetica').fontSize(9.5);
    const nameHeight = doc.heightOfString(pdfText(line.name), { width: columns.name.width - 2 * CELL_PADDING });
    const rowHeight = Math.max(nameHeight, 12) + 12;
    if (doc.y + rowHeight > bottomLimit(doc)) {
      doc.addPage();
      tableHeader(doc, columns, withDiscount, withVat);
      doc.font('Helvetica').fontSize(9.5);
    }
    const y = doc.y + 6;
    doc.fillColor(INK);
    cell(doc, columns.name, y, line.name);
    cell(doc, columns.quantity, y, String(line.quantity));
    cell(doc, columns.unit, y, formatEuros(line.unitPriceCents));
    if (withDiscount) cell(doc, columns.discount, y, line.discountCents > 0 ? `-${formatEuros(line.discountCents)}` : '');
    if (withVat && line.vatRatePercent !== undefined) cell(doc, columns.vat, y, formatVatRate(line.vatRatePercent));
    cell(doc, columns.amount, y, formatEuros(line.totalCents));
    doc.y = y - 6 + rowHeight;
    rule(doc, doc.y);
  }
  doc.y += 14;
}

function totals(doc: Doc, invoice: InvoiceDocument): void {
  const { beforeDiscountCents, discountCents, voucherCode, voucherDiscountCents, totalCents } = invoice.totals;
  const rows: [string, string][] = [['Total before discount', formatEuros(beforeDiscountCents)]];
  if (discountCents > 0) rows.push(['Discount', `-${formatEuros(discountCents)}`]);
  if (voucherDiscountCents > 0) rows.push([voucherCode ? `Voucher ${voucherCode}` : 'Voucher', `-${formatEuros(voucherDiscountCents)}`]);
  if (invoice.totals.vatRates && invoice.totals.netCents !== undefined) {
    rows.push(['Total excl. VAT', formatEuros(invoice.totals.netCents)]);
    for (const rate of invoice.totals.vatRates) {
      const label = invoice.totals.reverseCharge ? `VAT ${formatVatRate(rate.ratePercent)} (reverse charge)` : `VAT ${formatVatRate(rate.ratePercent)} of ${formatEuros(rate.netCents)}`;
      rows.push([label, formatEuros(rate.vatCents)]);
    }
  }
  ensureSpace(doc, rows.length * 15 + 40);

  const width = contentWidth(doc);
  const boxX = doc.page.margins.left + width * 0.5;
  const boxWidth = width * 0.5;
  const labelWidth = boxWidth - 90;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(pdfText(label), boxX, y, { width: labelWidth });
    doc.fillColor(INK).text(value, boxX + labelWidth, y, { width: 90 - CELL_PADDING, align: 'right' });
    doc.y = Math.max(doc.y, y + 15);
  }
  doc.y += 2;
  doc
    .moveTo(boxX, doc.y)
    .lineTo(boxX + boxWidth, doc.y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  doc.y += 7;
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(invoice.totals.vatRates ? `Total incl. VAT (${invoice.currency})` : `Total (${invoice.currency})`, boxX, y, { width: labelWidth });
  doc.text(formatEuros(totalCents), boxX + labelWidth, y, { width: 90 - CELL_PADDING, align: 'right' });
  doc.y = Math.max(doc.y, y + 16) + 22;
}

function payment(doc: Doc, invoice: InvoiceDocument): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  ensureSpace(doc, 110);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(BRAND).text('Payment', left, doc.y, { width });
  doc.moveDown(0.3).font('Helvetica').fontSize(9.5).fillColor(INK);
  doc.text(`Payment method: ${PAYMENT_KIND_LABELS[invoice.paymentKind]}`, { width });
  doc.text(`Paid on: ${formatInvoiceDate(invoice.issuedAt)}`, { width });
  if (invoice.transactionId) doc.text(pdfText(`Transaction: ${invoice.transactionId}`), { width });
  doc.font('Helvetica-Bold').text(`Status: paid in full. Amount due: ${formatEuros(0)}`, { width });
  if (invoice.totals.reverseCharge) doc.moveDown(0.5).font('Helvetica').text(REVERSE_CHARGE_NOTE, { width });
  doc.moveDown(1.5).font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(
    pdfText(
      `Thank you for training with ${invoice.seller.name}. This invoice was issued electronically for order ` +
        `${invoice.orderReference} and is valid without a signature. Please quote the invoice number in any correspondence.`,
    ),
    { width },
  );
}

/** Seller line and "Invoice <number> · Page i of n" at the foot of every page. */
function footers(doc: Doc, invoice: InvoiceDocument): void {
  const range = doc.bufferedPageRange();
  const sellerLine = pdfText([invoice.seller.name, ...invoice.seller.address, `VAT ID ${invoice.seller.vatId}`].join(' · '));
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const left = doc.page.margins.left;
    const width = contentWidth(doc);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would make pdfkit start a new page: lift the margin meanwhile.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - FOOTER_SPACE + 16;
    rule(doc, y - 6);
    doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
    doc.text(sellerLine, left, y, { width, align: 'center', lineBreak: false });
    doc.text(pdfText(`Invoice ${invoice.number} · Page ${i - range.start + 1} of ${range.count}`), left, y + 11, {
      width,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
