import { z } from 'zod';
import { SHARING_LIMITS } from './sharing.js';
import { SharingMessages } from './sharing-messages.js';

const emailSchema = z.string().email();

/** The e-mail check of a single share (spec: learning §5 "must pass an e-mail check"). */
export function isShareableEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && emailSchema.safeParse(value).success;
}

/** Lower-case, trimmed: the form every address is compared and stored in. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export type RecipientsCheck = { ok: true; emails: string[] } | { ok: false; message: string };

/**
 * The multiple-recipients paste (spec: learning §5 Sharing): split by comma or semicolon, every
 * whitespace removed, then checked in the spec's order: something written; no more than the seats
 * available; no more than 50; every address an e-mail (and at least one); no duplicates (compared
 * without case). The web app runs the same check before sending; the service runs it again.
 */
export function checkRecipients(text: unknown, available: number): RecipientsCheck {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, message: SharingMessages.required };
  const emails = text
    .replace(/\s+/g, '')
    .split(/[,;]/)
    .filter((part) => part !== '');
  if (emails.length > available) return { ok: false, message: SharingMessages.notEnough(available) };
  if (emails.length > SHARING_LIMITS.maxRecipientsAtOnce) return { ok: false, message: SharingMessages.tooMany };
  if (emails.length === 0 || !emails.every(isShareableEmail)) return { ok: false, message: SharingMessages.incorrectEmails };
  const normalized = emails.map(normalizeEmail);
  if (new Set(normalized).size !== normalized.length) return { ok: false, message: SharingMessages.duplicatedEmails };
  return { ok: true, emails: normalized };
}
