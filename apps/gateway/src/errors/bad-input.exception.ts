import { CommonErrorCode, GatewayErrorCode } from '@aero/contracts';
import { HttpException, HttpStatus } from '@nestjs/common';
import { MAX_JSON_DEPTH } from '../http/input-rules.js';

/** Codes of the requests the gateway refuses before any route reads them (docs/api.md, "Input limits"). */
export const BadInputCode = {
  /** A control character (NUL, ...) in the address or in a text of the body: 400. */
  InvalidCharacters: CommonErrorCode.InvalidCharacters,
  /** Bytes that are not UTF-8, in the address or the body: 400. */
  InvalidEncoding: GatewayErrorCode.InvalidEncoding,
  /** An address the router cannot decode (a malformed %-escape): 400. */
  InvalidUrl: GatewayErrorCode.InvalidUrl,
  /** An address or a path parameter over the router's length limit: 414. */
  UrlTooLong: GatewayErrorCode.UrlTooLong,
  /** A body that is not JSON although it says it is, or an empty one: 400. */
  InvalidJson: GatewayErrorCode.InvalidJson,
  /** A JSON body nested deeper than MAX_JSON_DEPTH: 400. */
  BodyTooDeep: GatewayErrorCode.BodyTooDeep,
  /** A body over the route's size limit: 413. */
  BodyTooLarge: GatewayErrorCode.BodyTooLarge,
} as const;

export type BadInputCode = (typeof BadInputCode)[keyof typeof BadInputCode];

export const BadInputMessages = {
  urlControlCharacter: 'The address contains a control character (such as %00), which is not allowed.',
  urlEncoding: 'The address contains %-escapes that are not valid UTF-8.',
  invalidUrl: 'The address is not valid.',
  urlTooLong: 'The address is too long.',
  bodyEncoding: 'The request body is not valid UTF-8.',
  invalidJson: 'The request body is not valid JSON.',
  emptyJson: 'The request body is empty although its content type is JSON.',
  bodyTooDeep: `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
  bodyTooLarge: (limitBytes: number) => `The request body is larger than the ${Math.floor(limitBytes / 1024)} KB this address accepts.`,
  bodyControlCharacter: (field: string) =>
    field
      ? `The field "${printable(field)}" contains a control character (such as NUL) or invalid Unicode, which is not allowed.`
      : 'The request body contains a control character (such as NUL) or invalid Unicode, which is not allowed.',
};

/** The field path as it may be shown: what made it invalid replaced, and not too long. */
function printable(field: string): string {
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  const shown = field.replace(/[\u0000-\u001f\u007f\ud800-\udfff]/g, '\ufffd');
  return shown.length > 100 ? `${shown.slice(0, 100)}…` : shown;
}

/** A refused request: `{ message, code }` with a 4xx status, in the gateway's error format. */
export class BadInputException extends HttpException {
  constructor(
    readonly code: BadInputCode,
    message: string,
    status: number = HttpStatus.BAD_REQUEST,
  ) {
    super({ message, code }, status);
  }
}
