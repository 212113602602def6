import { AccountMessages } from '@aero/contracts';
import { formErrorsFilter } from '../errors/form-errors.filter.js';

/**
 * The account forms' 422 carries the accounts service's top message (`AccountMessages.formInvalid`)
 * whether the gateway or the service found the errors; the field messages are the same already.
 */
export const AccountFormErrorsFilter = formErrorsFilter({ message: AccountMessages.formInvalid });
