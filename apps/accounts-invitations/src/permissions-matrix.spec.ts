import {
  ACCOUNT_ROLES,
  ALLOWED_WHEN_BANNED,
  BLOCKED_DURING_COMPLIANCE_REVIEW,
  CAPABILITIES,
  can,
  capabilitiesOf,
  PERMISSIONS,
  safeRedirect,
  type Capability,
} from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/permissions.md'), 'utf8');

/** The rows of the markdown table whose header starts with `header`. */
function table(header: string): string[][] {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.startsWith(header));
  expect(start).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((cell) => cell.trim()));
  }
  return rows;
}

describe('docs/permissions.md and the permission matrix in code are the same', () => {
  it('has a column for visitors and each role, and a row for each capability, with the same ticks', () => {
    const [header, , ...rows] = table('| capability | visitor |');
    expect(header.slice(1)).toEqual(['visitor', ...ACCOUNT_ROLES]);
    expect(rows.map((r) => r[0].replace(/`/g, ''))).toEqual(CAPABILITIES);
    for (const row of rows) {
      const capability = row[0].replace(/`/g, '') as Capability;
      const documented = header.slice(1).filter((_, i) => row[i + 1] === '✓');
      expect([capability, documented]).toEqual([capability, [...PERMISSIONS[capability].who].sort((a, b) => header.indexOf(a) - header.indexOf(b))]);
    }
  });

  it('describes each capability with the scope the code gives it', () => {
    const [, , ...rows] = table('| capability | what it allows |');
    expect(rows.map((r) => [r[0].replace(/`/g, ''), r[1], r[2]])).toEqual(
      CAPABILITIES.map((c) => [c, PERMISSIONS[c].description, PERMISSIONS[c].scope]),
    );
  });
});

describe('can(roles, capability)', () => {
  it('treats no roles as a visitor: the cart and the contact form only', () => {
    expect(capabilitiesOf([])).toEqual(['cart.use', 'contact.submit', 'account.register']);
    expect(capabilitiesOf(null)).toEqual(capabilitiesOf(undefined));
    expect(can([], 'order.place')).toBe(false);
  });

  it('grants the administrator every capability except registering (they already have an account) and joining a company list', () => {
    expect(CAPABILITIES.filter((c) => !can(['administrator'], c))).toEqual(['account.register', 'invitations.respond']);
  });

  it('keeps KYC decisions to KYC users and administrators, and answering questions to instructors and administrators', () => {
    expect(ACCOUNT_ROLES.filter((r) => can([r], 'kyc.review'))).toEqual(['administrator', 'kyc']);
    expect(ACCOUNT_ROLES.filter((r) => can([r], 'question.answer'))).toEqual(['administrator', 'instructor']);
  });

  it('lets company roles act for their company, and keeps students out of company tools', () => {
    expect(can(['company'], 'employees.manage')).toBe(true);
    expect(can(['company'], 'invitations.manage')).toBe(true);
    expect(can(['student'], 'employees.manage')).toBe(false);
    expect(can(['student'], 'course.organize')).toBe(false);
    expect(can(['reports_viewer'], 'order.place')).toBe(false);
    expect(can(['reports_viewer'], 'reports.view')).toBe(true);
    expect(can(['employee'], 'company.view')).toBe(false);
  });

  it('grants a capability when any of several roles grants it, and ignores unknown roles', () => {
    expect(can(['reports_viewer', 'kyc'], 'kyc.review')).toBe(true);
    expect(can(['root'], 'cart.use')).toBe(false);
    expect(can(['student'], 'no.such.capability' as Capability)).toBe(false);
  });

  it('every non-administrator role is refused at least one capability', () => {
    for (const role of ACCOUNT_ROLES.filter((r) => r !== 'administrator')) {
      expect([role, CAPABILITIES.filter((c) => !can([role], c)).length > 0]).toEqual([role, true]);
    }
  });

  it('a banned account keeps only its profile and the contact form', () => {
    expect(capabilitiesOf(['administrator'], { status: 'banned' })).toEqual([...ALLOWED_WHEN_BANNED].sort((a, b) => CAPABILITIES.indexOf(a) - CAPABILITIES.indexOf(b)));
    expect(can(['student'], 'order.place', { status: 'banned' })).toBe(false);
  });

  it('an account under compliance review keeps learning but may not buy, share or act for its company', () => {
    for (const capability of BLOCKED_DURING_COMPLIANCE_REVIEW) expect(can(['company'], capability, { status: 'compliance_review' })).toBe(false);
    expect(can(['company'], 'course.learn', { status: 'compliance_review' })).toBe(true);
    expect(can(['company'], 'order.place', { status: 'active' })).toBe(true);
  });
});

describe('safeRedirect', () => {
  it('keeps paths on this site and falls back for anything that could leave it', () => {
    expect(safeRedirect('/profile?tab=billing', '/')).toBe('/profile?tab=billing');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'profile', '/a\nb', 42, null]) {
      expect(safeRedirect(bad, '/fallback')).toBe('/fallback');
    }
  });
});
