import { describe, expect, it } from '@jest/globals';
import type { Actor } from './actor.js';
import { can } from './permissions.js';

const actor = (over: Partial<Actor> = {}): { actor: Actor } => ({
  actor: { userId: 'user-1', companyId: 'company-1', roles: ['training_manager'], status: null, ...over },
});

describe('can(ctx, capability, resource): the permission matrix applied to the acting user', () => {
  it('grants by the actor\'s roles, and treats a context without actor as a visitor', () => {
    expect(can(actor(), 'employees.manage')).toBe(true);
    expect(can(actor({ roles: ['student'] }), 'employees.manage')).toBe(false);
    expect(can({ actor: null }, 'cart.use')).toBe(true);
    expect(can({}, 'order.place')).toBe(false);
  });

  it('own_company: only on the actor\'s own company; a user without company is refused', () => {
    expect(can(actor(), 'employees.manage', { companyId: 'company-1' })).toBe(true);
    expect(can(actor(), 'employees.manage', { companyId: 'company-2' })).toBe(false);
    expect(can(actor({ companyId: null }), 'employees.manage', { companyId: null })).toBe(false);
  });

  it('own: only the actor\'s own data', () => {
    const sharer = actor({ roles: ['student'], companyId: null });
    expect(can(sharer, 'share.recall', { ownerId: 'user-1' })).toBe(true);
    expect(can(sharer, 'share.recall', { ownerId: 'user-2' })).toBe(false);
  });

  it('administrators act across owners and companies (support)', () => {
    const admin = actor({ roles: ['administrator'], companyId: null });
    expect(can(admin, 'share.recall', { ownerId: 'user-2' })).toBe(true);
    expect(can(admin, 'employees.manage', { companyId: 'company-2' })).toBe(true);
  });

  it('a restricted actor loses what the restriction takes, whatever the resource', () => {
    expect(can(actor({ status: 'compliance_review' }), 'employees.manage', { companyId: 'company-1' })).toBe(false);
    expect(can(actor({ status: 'banned' }), 'profile.manage_own', { ownerId: 'user-1' })).toBe(true);
    expect(can(actor({ status: 'banned' }), 'course.learn', { ownerId: 'user-1' })).toBe(false);
  });

  it('keeps the roles form for callers that hold roles only', () => {
    expect(can(['kyc'], 'kyc.review')).toBe(true);
    expect(can(null, 'kyc.review')).toBe(false);
    expect(can(['company'], 'order.place', { status: 'banned' })).toBe(false);
  });
});
