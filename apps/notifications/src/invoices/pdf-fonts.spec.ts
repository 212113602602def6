import { describe, expect, it } from '@jest/globals';
import PDFDocument from 'pdfkit';
import { pdfDocument } from './pdf-fonts.js';

const INFO = { Title: 'Invoice AM-INV-2026-000001', Producer: 'PDFKit', CreationDate: new Date('2026-11-21T23:30:00.000Z') };

/** Text in both fonts, on two pages, kerned pairs included ("AV", "To"). */
function draw(doc: PDFKit.PDFDocument, who: string): void {
  doc.fontSize(10).text(`AVATAR To ${who}: Part-66 Module 7`);
  doc.font('Helvetica-Bold').fontSize(16).text('INVOICE', { align: 'right' });
  doc.addPage();
  doc.font('Helvetica').text(`Page two for ${who}`, { width: 200 });
}

function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

describe('documents with fonts built once per process', () => {
  it('write the bytes pdfkit writes when it builds the same fonts for the document', async () => {
    const own = new PDFDocument({ size: 'A4', info: INFO });
    draw(own, 'Jane Doe');
    const shared = await pdfDocument({ size: 'A4', info: INFO }, ['Helvetica', 'Helvetica-Bold']);
    draw(shared, 'Jane Doe');
    const [expected, actual] = await Promise.all([bytesOf(own), bytesOf(shared)]);
    expect(actual.equals(expected)).toBe(true);
  });

  it('keep each document its own font objects when several are written at the same time', async () => {
    const alone = async (who: string) => {
      const doc = await pdfDocument({ size: 'A4', info: INFO }, ['Helvetica', 'Helvetica-Bold']);
      draw(doc, who);
      return bytesOf(doc);
    };
    const expected = [await alone('Jane Doe'), await alone('John Roe')];
    // Interleaved: the second document starts before the first has used or written its fonts.
    const first = await pdfDocument({ size: 'A4', info: INFO }, ['Helvetica', 'Helvetica-Bold']);
    const second = await pdfDocument({ size: 'A4', info: INFO }, ['Helvetica', 'Helvetica-Bold']);
    draw(first, 'Jane Doe');
    draw(second, 'John Roe');
    const actual = await Promise.all([bytesOf(first), bytesOf(second)]);
    expect(actual[0].equals(expected[0])).toBe(true);
    expect(actual[1].equals(expected[1])).toBe(true);
  });
});
