import { AccountErrorCode, AccountMessages } from '@aero/contracts';
import type { PayloadRefusal } from '@aero/backend-messaging';

/** A form that breaks its rules: "The form contains errors. Please fix them and try again." with every field's messages. */
export const ACCOUNT_FORM: PayloadRefusal = { code: AccountErrorCode.Validation, message: AccountMessages.formInvalid };
