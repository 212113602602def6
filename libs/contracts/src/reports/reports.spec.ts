import { describe, expect, it } from '@jest/globals';
import type { Actor } from '../accounts/actor.js';
import { formErrors } from '../common/form-schema.js';
import { reportScopeOf } from './reports.js';
import { readReportRequest, reportPagination, reportQuerySchema, reportRequestSchema } from './reports.schema.js';

const actor = (roles: string[], companyId: string | null = 'c-1', status: Actor['status'] = null) => ({
  actor: { userId: 'u-1', companyId, roles, status },
});

describe('reportScopeOf', () => {
  it('scopes company admins and report viewers to their own company', () => {
    expect(reportScopeOf(actor(['company']))).toEqual({ kind: 'company', companyId: 'c-1' });
    expect(reportScopeOf(actor(['reports_viewer']))).toEqual({ kind: 'company', companyId: 'c-1' });
  });

  it('lets both kinds of administrators see every row, with or without a company', () => {
    expect(reportScopeOf(actor(['administrator'], null))).toEqual({ kind: 'all' });
    expect(reportScopeOf(actor(['administrator_limited'], 'c-9'))).toEqual({ kind: 'all' });
  });

  it('refuses visitors, learners, other company staff and a company role without a company', () => {
    expect(reportScopeOf({ actor: null })).toBeNull();
    expect(reportScopeOf({})).toBeNull();
    expect(reportScopeOf(actor(['student'], null))).toBeNull();
    expect(reportScopeOf(actor(['employee']))).toBeNull();
    expect(reportScopeOf(actor(['coordinator']))).toBeNull();
    expect(reportScopeOf(actor(['company'], null))).toBeNull();
    expect(reportScopeOf(actor(['reports_viewer'], 'c-1', 'banned'))).toBeNull();
  });
});

describe('reportQuerySchema (the query string of a report route)', () => {
  const schema = reportQuerySchema('received-courses');

  it('reads what was sent (numbers from the query text) and leaves the rest to the service', () => {
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ sort: 'expires', direction: 'asc', page: '3', per_page: '50' })).toEqual({ sort: 'expires', direction: 'asc', page: 3, per_page: 50 });
    // What the service makes of it: the defaults of the report, a text column A to Z, a date newest first.
    const service = reportRequestSchema('received-courses');
    expect(service.parse(schema.parse({}))).toEqual({ sort: 'shared_at', direction: 'desc', page: 1, per_page: 10 });
    expect(service.parse(schema.parse({ sort: 'recipient_email' }))).toMatchObject({ sort: 'recipient_email', direction: 'asc' });
    expect(service.parse(schema.parse({ sort: 'expires' }))).toMatchObject({ sort: 'expires', direction: 'desc' });
  });

  it('takes only the columns of its report, page sizes 10 to 50 by 10 and whole pages', () => {
    expect(formErrors(schema, { sort: 'learner_name' })).toEqual({ sort: ['The sort must be one of recipient_email, course_name, shared_at, expires, status.'] });
    expect(formErrors(schema, { sort: 'shared_at; DROP TABLE x' })).toHaveProperty('sort');
    expect(formErrors(schema, { direction: 'up' })).toEqual({ direction: ['The direction must be asc or desc.'] });
    for (const size of ['5', '15', '60', '0', 'ten']) {
      expect(formErrors(schema, { per_page: size })).toEqual({ per_page: ['The page size must be one of 10, 20, 30, 40, 50.'] });
    }
    for (const size of ['10', '20', '30', '40', '50']) expect(formErrors(schema, { per_page: size })).toBeNull();
    for (const page of ['0', '-1', '1.5', 'x', '']) expect(formErrors(schema, { page })).toEqual({ page: ['The page must be a whole number of at least 1.'] });
  });
});

describe('reportRequestSchema (a page as a service reads it)', () => {
  it('takes export pages up to 500 rows and the report columns only', () => {
    const schema = reportRequestSchema('wallet-movements');
    expect(schema.parse({})).toEqual({ sort: 'date', direction: 'desc', page: 1, per_page: 10 });
    expect(schema.parse({ sort: 'amount_cents', per_page: 500, page: 2 })).toEqual({ sort: 'amount_cents', direction: 'desc', page: 2, per_page: 500 });
    expect(schema.parse({ sort: 'description' })).toMatchObject({ direction: 'asc' });
    expect(formErrors(schema, { per_page: 501 })).toHaveProperty('per_page');
    expect(formErrors(schema, { per_page: 0 })).toHaveProperty('per_page');
    expect(formErrors(schema, { sort: 'user_id' })).toHaveProperty('sort');
    expect(formErrors(schema, { page: 1.5 })).toHaveProperty('page');
  });
});

describe('readReportRequest (the first step of every report handler)', () => {
  it('answers 401 without an actor, 403 without reports.view, 422 for a broken page, else the scope and the page', () => {
    expect(readReportRequest({ actor: null }, 'wallet-movements', {})).toMatchObject({ ok: false, status: 401 });
    expect(readReportRequest(actor(['student']), 'wallet-movements', {})).toMatchObject({ ok: false, status: 403, message: 'You are not allowed to do this.' });
    expect(readReportRequest(actor(['company']), 'wallet-movements', { sort: 'user_id' })).toMatchObject({ ok: false, status: 422, errors: { sort: [expect.any(String)] } });
    expect(readReportRequest(actor(['company']), 'wallet-movements', undefined)).toEqual({
      ok: true,
      scope: { kind: 'company', companyId: 'c-1' },
      query: { sort: 'date', direction: 'desc', page: 1, per_page: 10 },
    });
  });

  it('counts the pages of a report', () => {
    expect(reportPagination(0, 0, { page: 1, per_page: 10 })).toEqual({ total: 0, count: 0, per_page: 10, current_page: 1, total_pages: 1 });
    expect(reportPagination(21, 1, { page: 3, per_page: 10 })).toEqual({ total: 21, count: 1, per_page: 10, current_page: 3, total_pages: 3 });
  });
});
