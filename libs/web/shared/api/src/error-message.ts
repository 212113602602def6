/*
 * The error readers of the shared util under the names the data-access code uses. One
 * implementation reads every failed call: `failureMessage`, `failureFieldErrors`.
 */
export { failureFieldErrors as fieldErrors, failureMessage as serverMessage, type FieldErrors } from '@aero/web-shared-util';
