import { HttpException, HttpStatus } from '@nestjs/common';

export const DEFAULT_RATE_LIMIT_MESSAGE = 'Too Many Requests. Retry in {seconds} seconds.';

/** 429 with the body the spec's forms show: `{ message, retryAfter }`. */
export class TooManyRequestsException extends HttpException {
  constructor(
    readonly retryAfter: number,
    messageTemplate: string = DEFAULT_RATE_LIMIT_MESSAGE,
  ) {
    super({ message: messageTemplate.replaceAll('{seconds}', String(retryAfter)), retryAfter }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
