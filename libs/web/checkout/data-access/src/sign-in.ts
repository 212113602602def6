import { failureStatus } from '@aero/web-shared-util';

/** The sign-in page, coming back to `returnTo` afterwards (`/login?redirect=/cart/credentials`). */
export function signInPath(returnTo: string): string {
  return `/login?redirect=${encodeURI(returnTo)}`;
}

/** A failed call that needs a signed-in user (401). */
export function isSignInRequired(failure: unknown): boolean {
  return failureStatus(failure) === 401;
}

/** Fills the `{name}` parameters of a route template given by the server (`routes.paypal_credit_capture`). */
export function fillRoute(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? encodeURIComponent(params[key]) : whole));
}
