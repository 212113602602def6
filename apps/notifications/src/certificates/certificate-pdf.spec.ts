import { describe, expect, it } from '@jest/globals';
import QRCode from 'qrcode';
import { pdfTextContent } from '../../test/support/pdf-text.js';
import { qrModules, renderCertificatePdf, type CertificateDocument } from './certificate-pdf.js';

const certificate: CertificateDocument = {
  number: 'AMA-2026-7KQ3-M9TX',
  learnerName: 'Łucja Brzęczyszczykiewicz',
  birthDate: '1990-03-12',
  birthPlace: 'Kraków',
  courseName: 'Part-66 Module 7: Maintenance Practices',
  resultPercents: 85,
  issuedAt: new Date('2026-11-29T07:00:00Z'),
  verifyUrl: 'https://academy.example/certificates/verify/AMA-2026-7KQ3-M9TX',
};

describe('the certificate PDF (issue 15)', () => {
  it('says who, born when and where, which course and result, when, its number, where to verify it, and that it is not an EASA Form 149a', async () => {
    const pdf = await renderCertificatePdf(certificate);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfTextContent(pdf);
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain('Lucja Brzeczyszczykiewicz');
    expect(text).toContain('born on 12 March 1990 in Kraków');
    expect(text).toContain('Part-66 Module 7: Maintenance Practices');
    expect(text).toContain('and passed its final exam with 85 % on 29 November 2026.');
    expect(text).toContain('AMA-2026-7KQ3-M9TX');
    expect(text).toContain('https://academy.example/certificates/verify/AMA-2026-7KQ3-M9TX');
    expect(text).toContain('This certificate is NOT an EASA Form 149a (Certificate of Recognition).');
  });

  it('leaves out the birth line when the learner gave no personal information', async () => {
    const text = pdfTextContent(await renderCertificatePdf({ ...certificate, birthDate: null, birthPlace: null }));
    expect(text).not.toContain('born');
    expect(text).toContain('has completed the course');
  });

  it('draws the QR code of the verification address', async () => {
    const reference = QRCode.create(certificate.verifyUrl, { errorCorrectionLevel: 'M' });
    const encoded = reference.segments.map((segment) => (typeof segment.data === 'string' ? segment.data : Buffer.from(segment.data).toString())).join('');
    expect(encoded).toBe(certificate.verifyUrl);
    const { size, dark } = await qrModules(certificate.verifyUrl);
    expect(size).toBe(reference.modules.size);
    const drawn = new Set(dark.map(([row, col]) => row * size + col));
    expect([...reference.modules.data].map((bit, i) => (bit ? i : -1)).filter((i) => i >= 0)).toEqual([...drawn].sort((a, b) => a - b));
  });

  it('is the same bytes for the same certificate', async () => {
    expect((await renderCertificatePdf(certificate)).equals(await renderCertificatePdf(certificate))).toBe(true);
  });
});
