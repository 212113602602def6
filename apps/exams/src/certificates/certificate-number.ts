import { CERTIFICATE_ALPHABET, CERTIFICATE_PREFIX } from '@aero/contracts';
import { randomInt } from 'node:crypto';

/**
 * A new certificate number, `AMA-<year>-XXXX-XXXX`: the year of issue and eight signs drawn by
 * the system's secure random source from 32 (40 bits): easy to read out and type, and with about
 * a million million numbers a year, not found by trying. Unique by the table's key (a draw that
 * meets an existing number is drawn again).
 */
export function newCertificateNumber(issuedAt: Date, draw: (max: number) => number = randomInt): string {
  const sign = () => CERTIFICATE_ALPHABET[draw(CERTIFICATE_ALPHABET.length)];
  const group = () => `${sign()}${sign()}${sign()}${sign()}`;
  return `${CERTIFICATE_PREFIX}-${issuedAt.getUTCFullYear()}-${group()}-${group()}`;
}
