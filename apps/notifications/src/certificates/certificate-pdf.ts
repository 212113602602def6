import { CertificateMessages } from '@aero/contracts';
import type QRCodeModule from 'qrcode';
import { PRODUCT_NAME } from '../emails/email-html.js';
import { formatInvoiceDate, pdfText } from '../invoices/invoice-pdf.js';
import { loadPdfKit } from '../invoices/pdf-fonts.js';
import { BRAND, INK, MUTED, RULE } from '../invoices/pdf-palette.js';

const MARGIN = 40;
/** The QR code's side on the page, in points (about 3.5 cm: read by a phone from arm's length). */
const QR_SIDE = 100;

/** What a certificate shows: the learner's personal information for certificates, the course, the date, the number. */
export interface CertificateDocument {
  number: string;
  learnerName: string;
  /** YYYY-MM-DD, when the learner filled in their personal information for certificates. */
  birthDate: string | null;
  birthPlace: string | null;
  courseName: string;
  resultPercents: number;
  issuedAt: Date;
  /** The public verification page; the QR code encodes it. */
  verifyUrl: string;
}

/** `12 March 1990` for a `1990-03-12` day; the text as given when it is no day. */
function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : formatInvoiceDate(date);
}

interface QrModules {
  size: number;
  dark: [number, number][];
}

let qrCode: Promise<typeof QRCodeModule> | undefined;

/** The QR code of `text` as its dark modules (row, column) and its side in modules. */
export async function qrModules(text: string): Promise<QrModules> {
  // Loaded with the first certificate, like pdfkit (see loadPdfKit).
  qrCode ??= import('qrcode').then((module) => module.default);
  const QRCode = await qrCode;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const dark: [number, number][] = [];
  for (let row = 0; row < modules.size; row++) for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) dark.push([row, col]);
  return { size: modules.size, dark };
}

/**
 * The certificate as an A4 landscape PDF: who (name, birth date and place when given), which
 * course and result, when, its number, the verification address and its QR code, and the notice
 * that it is not an EASA Form 149a. The standard fonts of the invoices (nothing to load or embed);
 * the QR code is drawn as vector squares. Deterministic: the same certificate gives the same bytes
 * (the document dates are the issue date).
 */
export async function renderCertificatePdf(certificate: CertificateDocument): Promise<Buffer> {
  const [PDFDocument, qr] = await Promise.all([loadPdfKit(), qrModules(certificate.verifyUrl)]);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: pdfText(`Certificate ${certificate.number}`),
      Author: PRODUCT_NAME,
      Subject: pdfText(`${certificate.courseName}: ${certificate.learnerName}`),
      Creator: PRODUCT_NAME,
      Producer: 'PDFKit',
      CreationDate: certificate.issuedAt,
      ModDate: certificate.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const height = doc.page.height - 2 * MARGIN;
  doc.lineWidth(3).strokeColor(BRAND).rect(MARGIN, MARGIN, width, height).stroke();
  doc.lineWidth(0.75).strokeColor(RULE).rect(MARGIN + 8, MARGIN + 8, width - 16, height - 16).stroke();

  const x = MARGIN + 40;
  const inner = width - 80;
  const centered = { width: inner, align: 'center' as const };
  doc.font('Helvetica-Bold').fontSize(16).fillColor(BRAND).text(PRODUCT_NAME, x, MARGIN + 36, centered);
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(30).fillColor(INK).text('Certificate of Completion', centered);
  doc.moveDown(0.8).font('Helvetica').fontSize(12).fillColor(MUTED).text('This is to certify that', centered);
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(24).fillColor(INK).text(pdfText(certificate.learnerName), centered);
  const personal = [
    certificate.birthDate ? `born on ${formatDay(certificate.birthDate)}` : null,
    certificate.birthPlace ? `in ${certificate.birthPlace}` : null,
  ].filter(Boolean);
  if (personal.length) doc.moveDown(0.2).font('Helvetica').fontSize(11).fillColor(MUTED).text(pdfText(personal.join(' ')), centered);
  doc.moveDown(0.8).font('Helvetica').fontSize(12).fillColor(MUTED).text('has completed the course', centered);
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(18).fillColor(BRAND).text(pdfText(certificate.courseName), centered);
  doc
    .moveDown(0.6)
    .font('Helvetica')
    .fontSize(12)
    .fillColor(INK)
    .text(`and passed its final exam with ${certificate.resultPercents} % on ${formatInvoiceDate(certificate.issuedAt)}.`, centered);

  // The facts on the left, the QR code on the right, above the notice.
  const bottom = MARGIN + height - 24;
  const qrTop = bottom - 40 - QR_SIDE;
  const factsWidth = inner - QR_SIDE - 30;
  let y = qrTop + 6;
  const facts: [string, string][] = [
    ['Certificate number', certificate.number],
    ['Date of issue', formatInvoiceDate(certificate.issuedAt)],
    ['Verify at', certificate.verifyUrl],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`${label}:`, x, y, { width: 110, lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(pdfText(value), x + 110, y, { width: factsWidth - 110, lineBreak: false });
    y += 20;
  }
  drawQrCode(doc, qr, x + inner - QR_SIDE, qrTop);
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text('Scan to verify', x + inner - QR_SIDE, qrTop + QR_SIDE + 3, { width: QR_SIDE, align: 'center', lineBreak: false });

  doc.moveTo(x, bottom - 22).lineTo(x + inner, bottom - 22).lineWidth(0.75).strokeColor(RULE).stroke();
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(CertificateMessages.notice, x, bottom - 14, { ...centered, lineBreak: false });
  doc.end();
  return done;
}

function drawQrCode(doc: PDFKit.PDFDocument, { size, dark }: QrModules, left: number, top: number): void {
  // A quiet zone of 2 modules on each side, inside the square.
  const unit = QR_SIDE / (size + 4);
  doc.save().fillColor('#000000');
  for (const [row, col] of dark) doc.rect(left + (col + 2) * unit, top + (row + 2) * unit, unit, unit);
  doc.fill().restore();
}
