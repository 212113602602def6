import { afterEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import type { CertificateVerification } from '@aero/contracts';
import { CertificateVerifyPage } from './certificate-verify-page.js';

const NUMBER = 'AMA-2026-7KQ3-M9TX';
const ROUTES = [{ path: '/certificates/verify/:number', element: <CertificateVerifyPage /> }];

function verification(overrides: Partial<CertificateVerification> = {}): CertificateVerification {
  return {
    number: NUMBER,
    status: 'valid',
    learner_name: 'Lena Berg',
    course_name: 'Part-66 Module 7: Maintenance Practices',
    issued_at: '2026-11-29T07:00:00.000Z',
    revoked_at: null,
    ...overrides,
  };
}

describe('certificate verification page (issue 15)', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function render(answers: Record<string, FetchAnswer>, number = NUMBER) {
    // A visitor: nobody is signed in.
    fetchMock = mockFetch({ '/api/me': { body: { data: null } }, ...answers });
    return renderWithProviders(null, { routes: ROUTES, route: `/certificates/verify/${number}` });
  }

  const facts = () =>
    Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );

  it('says a valid certificate is valid, whose it is, of which course and since when, and nothing more', async () => {
    render({ [`/api/certificates/verify/${NUMBER}`]: { body: { data: verification() } } });
    await screen.findByRole('heading', { level: 1, name: 'Certificate verification' });
    expect(screen.getByRole('status').textContent).toBe('Valid: this certificate was issued by AeroMaint Academy and has not been revoked.');
    expect(facts()).toEqual({
      'Certificate number': NUMBER,
      'Issued to': 'Lena Berg',
      Course: 'Part-66 Module 7: Maintenance Practices',
      'Issued on': 'Nov 29, 2026',
    });
    expect(screen.getByText('This certificate is NOT an EASA Form 149a (Certificate of Recognition).')).toBeTruthy();
  });

  it('says a revoked certificate was revoked, and when', async () => {
    render({ [`/api/certificates/verify/${NUMBER}`]: { body: { data: verification({ status: 'revoked', revoked_at: '2026-12-02T10:00:00.000Z' }) } } });
    await screen.findByRole('heading', { level: 1, name: 'Certificate verification' });
    expect(screen.getByRole('status').textContent).toBe('Revoked on Dec 2, 2026: this certificate is no longer valid.');
    expect(screen.queryByText(/^Valid/)).toBeNull();
  });

  it('tells an unknown number apart: not found, with the number looked for', async () => {
    render(
      { '/api/certificates/verify/AMA-2026-2222-2222': { status: 404, body: { code: 'certificate.not_found', message: 'Certificate not found.', status: 404 } } },
      'AMA-2026-2222-2222',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' })).toBeTruthy();
    expect(screen.getByText('No certificate has the number AMA-2026-2222-2222. Check the number printed on the certificate.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
