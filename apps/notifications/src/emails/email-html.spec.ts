import { describe, expect, it } from '@jest/globals';
import { formatDate, formatDateTime } from './email-html.js';

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
