import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another on paper (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function randomText(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/**
 * A ticket's code: 12 random characters of 31 (about 59 bits) in three groups, e.g.
 * `K7QF-3MZP-W2XD`. It is also the ticket's reference (`/tickets/{share_to}`), which only its
 * owner can open; activating needs the code and the password, and attempts are rate limited.
 */
export function newTicketCode(): string {
  return `${randomText(4)}-${randomText(4)}-${randomText(4)}`;
}

/** A ticket's password: 8 random characters of 31 (about 40 bits more). */
export function newTicketPassword(): string {
  return randomText(8);
}

/** A code as typed by a learner: case and spaces do not matter, dashes are optional. */
export function normalizeTicketCode(value: string): string {
  const compact = value.toUpperCase().replace(/[\s-]/g, '');
  return compact.length === 12 ? `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}` : compact;
}
