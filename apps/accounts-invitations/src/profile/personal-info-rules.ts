import { AccountLimits, AccountMessages, GENDERS, type Gender, type SavePersonalInfoRequest } from '@aero/contracts';
import { FormErrors, readText } from '../common/form-errors.js';

export interface CheckedPersonalInfo {
  birth_date: string;
  gender: Gender;
  birth_place: string | null;
}

/** YYYY-MM-DD naming a real calendar day (2023-02-30 is refused). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Personal information for certificates: birth date (YYYY-MM-DD, from 1900 to yesterday),
 * gender (male or female), optional birth place.
 */
export function checkPersonalInfo(input: SavePersonalInfoRequest, today: Date = new Date()): { value: CheckedPersonalInfo; errors: FormErrors } {
  const errors = new FormErrors();
  const birthDate = readText(errors, 'birth_date', input.birth_date, { label: 'birth date', required: true, max: 10 });
  if (birthDate && !errors.has('birth_date')) {
    if (!isCalendarDate(birthDate) || birthDate < '1900-01-01') errors.add('birth_date', AccountMessages.birthDateFormat);
    else if (birthDate >= today.toISOString().slice(0, 10)) errors.add('birth_date', AccountMessages.birthDatePast);
  }
  const gender = readText(errors, 'gender', input.gender, { label: 'gender', required: true, max: 10 }).toLowerCase();
  if (gender && !errors.has('gender') && !(GENDERS as readonly string[]).includes(gender)) {
    errors.add('gender', AccountMessages.invalidChoice('gender'));
  }
  const birthPlace = readText(errors, 'birth_place', input.birth_place, { label: 'birth place', max: AccountLimits.birthPlaceMax });
  return { value: { birth_date: birthDate, gender: gender as Gender, birth_place: birthPlace || null }, errors };
}
