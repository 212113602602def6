import type { TicketDto } from '@aero/contracts';
import { pdfText } from '../invoices/invoice-pdf.js';
import { loadPdfKit } from '../invoices/pdf-fonts.js';
import { PRODUCT_NAME } from '../emails/email-html.js';
import { BRAND, INK, MUTED } from '../invoices/pdf-palette.js';

const MARGIN = 40;
/** Three tickets per A4 page, each cut along its dashed border. */
const PER_PAGE = 3;

/**
 * Printable course tickets (spec: learning §2 `/tickets/{share_to}`, "a PDF for printing many at
 * once"): on each, the course, the activation code and password, where to activate and until
 * when. Deterministic: the same tickets give the same bytes (fixed dates in the document info).
 */
export async function renderTicketsPdf(tickets: TicketDto[], activationUrl: string): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const fixed = new Date('2026-01-01T00:00:00Z');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    lang: 'en',
    info: { Title: pdfText(`${PRODUCT_NAME} course tickets`), Author: PRODUCT_NAME, Producer: 'PDFKit', CreationDate: fixed, ModDate: fixed },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  tickets.forEach((ticket, index) => {
    if (index % PER_PAGE === 0) doc.addPage();
    const height = (doc.page.height - 2 * MARGIN) / PER_PAGE;
    const top = MARGIN + (index % PER_PAGE) * height;
    const width = doc.page.width - 2 * MARGIN;
    doc.save().dash(4, { space: 4 }).strokeColor(MUTED).rect(MARGIN, top + 6, width, height - 12).stroke().restore();
    const x = MARGIN + 20;
    doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(14).text(PRODUCT_NAME, x, top + 24);
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(pdfText(ticket.course_name), x, top + 48, { width: width - 40 });
    doc.font('Helvetica').fontSize(11).fillColor(MUTED).text('Activation code', x, top + 100);
    doc.font('Courier-Bold').fontSize(20).fillColor(INK).text(pdfText(ticket.code), x, top + 114);
    doc.font('Helvetica').fontSize(11).fillColor(MUTED).text('Password', x + 260, top + 100);
    doc.font('Courier-Bold').fontSize(20).fillColor(INK).text(pdfText(ticket.password), x + 260, top + 114);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(pdfText(`Activate at ${activationUrl} (sign in or create an account there). Valid once, until ${ticket.available_till}.`), x, top + 152, {
        width: width - 40,
      });
  });
  if (tickets.length === 0) doc.addPage();
  doc.end();
  return done;
}
