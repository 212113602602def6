import { describe, expect, it } from '@jest/globals';
import { firstPageOf, reportCsvHref, reportQuery, ReportsPaths } from './reports.api.js';

describe('report addresses', () => {
  it('opens each report on its default sort, newest first, 10 rows', () => {
    expect(firstPageOf('course-progress')).toEqual({ sort: 'started_at', direction: 'desc', page: 1, perPage: 10 });
    expect(firstPageOf('received-courses')).toEqual({ sort: 'shared_at', direction: 'desc', page: 1, perPage: 10 });
    expect(firstPageOf('wallet-movements')).toEqual({ sort: 'date', direction: 'desc', page: 1, perPage: 10 });
  });

  it('asks for the sort always, the page and its size only when they are not the defaults', () => {
    expect(reportQuery(firstPageOf('received-courses'))).toBe('?sort=shared_at&direction=desc');
    expect(reportQuery({ sort: 'recipient_email', direction: 'asc', page: 3, perPage: 50 })).toBe('?sort=recipient_email&direction=asc&page=3&per_page=50');
  });

  it('downloads every row of the CSV sorted as the table, whatever the page', () => {
    expect(reportCsvHref('wallet-movements', { sort: 'amount_cents', direction: 'asc' })).toBe('/api/reports/wallet-movements.csv?sort=amount_cents&direction=asc');
    expect(ReportsPaths.page('course-progress')).toBe('/api/reports/course-progress');
    expect(ReportsPaths.byCourse).toBe('/api/reports/course-progress/by-course');
  });
});
