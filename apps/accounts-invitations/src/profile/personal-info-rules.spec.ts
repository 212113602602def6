import { AccountMessages } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { checkPersonalInfo, isCalendarDate } from './personal-info-rules.js';

const today = new Date('2026-06-15T10:00:00Z');

describe('personal information rules', () => {
  it('accepts a past calendar date, male or female (any case) and an optional birth place', () => {
    const { value, errors } = checkPersonalInfo({ actorId: 'x', birth_date: '1990-05-17', gender: 'Female' }, today);
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
      expect(checkPersonalInfo({ actorId: 'x', birth_date, gender: 'male' }, today).errors.toRecord()).toEqual({ birth_date: [AccountMessages.birthDatePast] });
    }
    expect(checkPersonalInfo({ actorId: 'x', birth_date: '1899-12-31', gender: 'male' }, today).errors.toRecord()).toEqual({
      birth_date: [AccountMessages.birthDateFormat],
    });
  });

  it('limits the birth place to 100 characters', () => {
    expect(checkPersonalInfo({ actorId: 'x', birth_date: '1990-05-17', gender: 'male', birth_place: 'p'.repeat(101) }, today).errors.toRecord()).toEqual({
      birth_place: ['The birth place must have up to 100 characters.'],
    });
  });
});
