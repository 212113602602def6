/** The mail provider refused the message. Permanent refusals (SMTP 5xx) are not worth retrying. */
export class MailRejectedError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'MailRejectedError';
  }
}
