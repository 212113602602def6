import { DomainError } from '@aero/backend-errors';
import { CommonErrorCode } from '@aero/contracts';

export const NUL_CHARACTER_MESSAGE = 'The request contains a NUL character, which is not allowed.';

/** What a service answers to a request carrying U+0000: Postgres can store it in no text or jsonb column. */
export function nulCharacterRefusal(): DomainError {
  return new DomainError(CommonErrorCode.InvalidCharacters, NUL_CHARACTER_MESSAGE, 400);
}

/** `\u0000`, the only way JSON.stringify writes a NUL inside a string. */
const NUL_ESCAPE = Buffer.from('\\u0000');
const BACKSLASH = 0x5c;

/**
 * Whether the JSON text of a request carries a NUL in one of its strings, checked on the bytes
 * without parsing them (a search that finds nothing in almost every request). The escape counts
 * only when its backslash is not itself escaped: `\\u0000` is the text "\u0000", not a NUL.
 * A raw 0x00 byte counts too (invalid JSON, but refused the same way).
 */
export function carriesNulCharacter(data: Uint8Array): boolean {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.includes(0)) return true;
  for (let at = bytes.indexOf(NUL_ESCAPE); at !== -1; at = bytes.indexOf(NUL_ESCAPE, at + 1)) {
    let backslashes = 1;
    while (at - backslashes >= 0 && bytes[at - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 1) return true;
  }
  return false;
}
