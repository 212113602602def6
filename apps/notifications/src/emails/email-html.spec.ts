import { describe, expect, it } from '@jest/globals';
import { formatDate, formatDateTime, htmlEmail } from './email-html.js';

describe('dates in e-mails', () => {
  it('prints the day in UTC as day, month name and year', () => {
    expect(formatDate('2026-11-21T23:30:00.000Z')).toBe('21 November 2026');
    expect(formatDate('2027-01-01T00:00:00.000Z')).toBe('1 January 2027');
    expect(formatDate('2026-11-21T23:30:00-05:00')).toBe('22 November 2026');
  });

  it('prints a moment as the UTC day and 24-hour time', () => {
    expect(formatDateTime('2026-11-28T09:00:00.000Z')).toBe('28 November 2026, 09:00 UTC');
    expect(formatDateTime('2026-11-21T00:05:59.000Z')).toBe('21 November 2026, 00:05 UTC');
    expect(formatDateTime('2026-12-31T23:59:00+01:00')).toBe('31 December 2026, 22:59 UTC');
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('tomorrow morning')).toBe('tomorrow morning');
  });
});

describe('the HTML body', () => {
  it("writes a link's address under its button in a paragraph that breaks anywhere (a long token stays in the column on a phone)", () => {
    const link = `https://academy.example/email/verify?token=${'a'.repeat(120)}`;
    const html = htmlEmail('Verify', [{ link, label: 'Verify e-mail address' }]);
    expect(html).toContain(`<p style="margin:0 0 16px;font-size:12px;color:#555555;overflow-wrap:anywhere;word-break:break-all">${link}</p>`);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });
});
