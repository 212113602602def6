import { AccountErrorCode, AccountMessages, type ErrorCode } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';

/** Errors that are not about one form field. */
export const AccountErrors = {
  /** The session names no existing user: the gateway should sign the client out. */
  unauthenticated: () => new DomainError(AccountErrorCode.Unauthenticated, AccountMessages.unauthenticated, 401),
  forbidden: (message: string = AccountMessages.forbidden) => new DomainError(AccountErrorCode.Forbidden, message, 403),
  userNotFound: () => DomainError.notFound(AccountMessages.userNotFound),
  companyNotFound: () => DomainError.notFound(AccountMessages.companyNotFound),
  /** One message under one field (422). */
  field: (field: string, message: string, code: ErrorCode = AccountErrorCode.Validation) => DomainError.field(field, message, code),
};

/** Postgres unique violation on a named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e.code ?? e.driverError?.code;
  const name = e.constraint ?? e.driverError?.constraint;
  return code === '23505' && (constraint === undefined || name === constraint);
}
