import { SharingErrorCode, SharingMessages, type ErrorCode } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { firstFieldMessage, type PayloadRefusal } from '@aero/backend-messaging';

/** A payload that breaks its schema: a 422 that says its first problem, with every field's messages. */
export const SHARING_REFUSAL: PayloadRefusal = { code: SharingErrorCode.Validation, message: firstFieldMessage };

/** The first problem of a delivery's students (under `students` or one of its rows), if any. */
function studentsProblemOf(errors: Record<string, string[]>): string | undefined {
  return Object.entries(errors).find(([field]) => field === 'students' || field.startsWith('students.'))?.[1][0];
}

/**
 * A delivery that breaks its schema (learning §8): a students' problem with the screen's codes and
 * words ("A student e-mail is not filled in.", else "The students list is incorrect.", also above
 * an address that cannot be shared to), any other as `SHARING_REFUSAL`.
 */
export const DELIVERY_REFUSAL: PayloadRefusal = {
  code: (errors) => {
    const problem = studentsProblemOf(errors);
    if (problem === undefined) return SharingErrorCode.Validation;
    return problem === SharingMessages.studentEmailMissing ? SharingErrorCode.StudentEmailMissing : SharingErrorCode.StudentsIncorrect;
  },
  message: (errors) => {
    const problem = studentsProblemOf(errors);
    if (problem === undefined) return firstFieldMessage(errors);
    return problem === SharingMessages.studentEmailMissing ? problem : SharingMessages.studentsIncorrect;
  },
};

/** The coded errors of sharing-organize; the gateway answers them as they are. */
export const SharingErrors = {
  signInRequired: () => new DomainError(SharingErrorCode.Forbidden, 'Please sign in to continue.', 401),
  forbidden: () => new DomainError(SharingErrorCode.Forbidden, SharingMessages.forbidden, 403),
  /** Also for another owner's item: whether it exists is not told. */
  shareNotFound: () => DomainError.notFound(SharingMessages.shareNotFound, SharingErrorCode.NotFound),
  field: (field: string, message: string) => DomainError.field(field, message, SharingErrorCode.Validation),
  notEnoughSeats: (available: number, field = 'email') =>
    new DomainError(SharingErrorCode.NotEnoughSeats, SharingMessages.notEnough(available), 422, { [field]: [SharingMessages.notEnough(available)] }),
  alreadyReceived: () => new DomainError(SharingErrorCode.AlreadyReceived, SharingMessages.alreadyReceived, 409),
  refused: (refusal: { code: ErrorCode; message: string; status: number }) => new DomainError(refusal.code, refusal.message, refusal.status),
};
