import { AccountMessages, formErrors, isCalendarDate, personalInformationRequestSchema } from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { checkedPersonalInfo } from './personal-info-rules.js';

const today = new Date('2026-06-15T10:00:00Z');

/** The form as accounts-invitations reads it: its field errors, and the stored fields when it has none. */
function checkPersonalInfo(form: Record<string, unknown>) {
  const errors = formErrors(personalInformationRequestSchema, form) ?? {};
  const any = Object.keys(errors).length > 0;
  return { value: any ? null : checkedPersonalInfo(personalInformationRequestSchema.parse(form)), errors: { any, toRecord: () => errors } };
}

describe('personal information rules', () => {
  beforeAll(() => {
    jest.useFakeTimers({ now: today, doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
  });
  afterAll(() => {
    jest.useRealTimers();
  });

  it('accepts a past calendar date, male or female (any case) and an optional birth place', () => {
    const { value, errors } = checkPersonalInfo({ birth_date: '1990-05-17', gender: 'Female' });
    expect(errors.any).toBe(false);
    expect(value).toEqual({ birth_date: '1990-05-17', gender: 'female', birth_place: null });
  });

  it('knows real calendar days, leap years included', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
    expect(isCalendarDate('2023-1-01')).toBe(false);
  });

  it('refuses today, the future and dates before 1900', () => {
    for (const birth_date of ['2026-06-15', '2027-01-01']) {
      expect(checkPersonalInfo({ birth_date, gender: 'male' }).errors.toRecord()).toEqual({ birth_date: [AccountMessages.birthDatePast] });
    }
    expect(checkPersonalInfo({ birth_date: '1899-12-31', gender: 'male' }).errors.toRecord()).toEqual({
      birth_date: [AccountMessages.birthDateFormat],
    });
  });

  it('limits the birth place to 100 characters', () => {
    expect(checkPersonalInfo({ birth_date: '1990-05-17', gender: 'male', birth_place: 'p'.repeat(101) }).errors.toRecord()).toEqual({
      birth_place: ['The birth place must have up to 100 characters.'],
    });
  });
});
