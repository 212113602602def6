import { applyDecorators, UseFilters, UseInterceptors } from '@nestjs/common';
import { SignOutWhenUnauthenticated } from './access/sign-out-when-unauthenticated.interceptor.js';
import { AccountFormErrorsFilter } from './account-form-errors.filter.js';

/** What every accounts controller shares: the forms' 422 message and the stale-session sign-out. */
export const AccountRoutes = (): ClassDecorator =>
  applyDecorators(UseFilters(AccountFormErrorsFilter), UseInterceptors(SignOutWhenUnauthenticated));
