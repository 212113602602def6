import type { Gender, personalInformationRequestSchema } from '@aero/contracts';
import type { z } from 'zod';

export interface CheckedPersonalInfo {
  birth_date: string;
  gender: Gender;
  birth_place: string | null;
}

/**
 * Personal information for certificates as it is stored, once it passed its rules
 * (`personalInformationRequestSchema`: birth date from 1900 to yesterday, male or female in any
 * case, an optional birth place): trimmed, the gender lower-case, no birth place as null.
 */
export function checkedPersonalInfo(form: z.output<typeof personalInformationRequestSchema>): CheckedPersonalInfo {
  return { birth_date: form.birth_date.trim(), gender: form.gender.trim().toLowerCase() as Gender, birth_place: form.birth_place.trim() || null };
}
