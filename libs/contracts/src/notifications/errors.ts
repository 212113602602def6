/** Error codes of the notifications service (stable for clients; the message may be reworded). */
export const NotificationsErrorCode = {
  Validation: 'validation_failed',
  Forbidden: 'notifications.forbidden',
  CaptchaUnavailable: 'notifications.captcha_unavailable',
} as const;

/** Messages of the notifications service's non-form errors. */
export const NotificationsMessages = {
  /** 422 of a form other than the contact form (announcements). */
  formInvalid: 'The given data was invalid.',
  forbidden: 'This action is unauthorized.',
  /** 401 of the newsletter and bonus-popup routes for visitors. */
  signInRequired: 'Please sign in to continue.',
} as const;
