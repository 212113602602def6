import type { TicketDto } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { renderTicketsPdf } from './ticket-pdf.js';

const ticket = (code: string): TicketDto => ({
  share_to: code,
  code,
  password: 'ABCDEFGH',
  course_name: 'Part-145 Initial Training',
  program_id: 2001,
  available_till: '2027-06-30',
  status: 'shared',
});

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('printable tickets (issue 12)', () => {
  it('prints three tickets per A4 page, many at once', async () => {
    const one = await renderTicketsPdf([ticket('AAAA-BBBB-CCCC')], 'https://shop.example/ticket-activation');
    expect(one.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(one)).toBe(1);
    const seven = await renderTicketsPdf(Array.from({ length: 7 }, (_, i) => ticket(`AAAA-BBBB-CCC${i}`)), 'https://shop.example/ticket-activation');
    expect(pages(seven)).toBe(3);
  });

  it('gives the same bytes for the same tickets', async () => {
    const a = await renderTicketsPdf([ticket('AAAA-BBBB-CCCC')], 'https://shop.example/ticket-activation');
    const b = await renderTicketsPdf([ticket('AAAA-BBBB-CCCC')], 'https://shop.example/ticket-activation');
    expect(a.equals(b)).toBe(true);
  });
});
