/** The product name every e-mail signs with. */
export const PRODUCT_NAME = 'AeroMaint Academy';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text from users (names, reasons, messages) made safe to put in an HTML body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** One block of an HTML e-mail: a paragraph (escaped, line breaks kept) or a button-like link. */
export type HtmlBlock = { paragraph: string } | { link: string; label: string };

/**
 * A simple HTML body: the blocks in a narrow column with the academy's name on top. Every text
 * is escaped here, so templates pass plain text only. A link's address, written out under its
 * button, breaks anywhere: a long address (a token) stays inside the column on a phone.
 */
export function htmlEmail(title: string, blocks: HtmlBlock[]): string {
  const body = blocks
    .map((block) =>
      'paragraph' in block
        ? `<p style="margin:0 0 16px">${escapeHtml(block.paragraph).replace(/\n/g, '<br>')}</p>`
        : `<p style="margin:0 0 16px"><a href="${escapeHtml(block.link)}" style="display:inline-block;padding:10px 18px;background:#0b4f8a;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(block.label)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:12px;color:#555555;overflow-wrap:anywhere;word-break:break-all">${escapeHtml(block.link)}</p>`,
    )
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:6px">',
    `<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:#0b4f8a">${PRODUCT_NAME}</p>`,
    body,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

// Made once: `toLocaleDateString` with options builds a new formatter on every call.
const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const TIME_FORMAT = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });

/** `21 November 2026` (the UTC day); the text as given when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DAY_FORMAT.format(date);
}

/** `21 November 2026, 10:15 UTC`; the text as given when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${DAY_FORMAT.format(date)}, ${TIME_FORMAT.format(date)} UTC`;
}

/** "Hello Jane Doe," or "Hello," when there is no name. */
export function greeting(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? `Hello ${trimmed},` : 'Hello,';
}

/** How every e-mail ends. */
export const SIGNATURE = `Kind regards,\n${PRODUCT_NAME}`;

/** A part of a composed e-mail: a line of text (a paragraph in HTML), or a link (on a line of its own in text, a button in HTML). */
export type EmailPart = string | { link: string; label: string };

/** An e-mail as a template composes it (the event id is the sender's). */
export interface ComposedEmail {
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The greeting, the parts and the signature, as the text and the HTML body of one e-mail: the
 * two say the same, parts apart by a blank line in text.
 */
export function composeEmail(key: string, to: string, subject: string, name: string | null | undefined, parts: EmailPart[]): ComposedEmail {
  const all: EmailPart[] = [greeting(name), ...parts, SIGNATURE];
  const text = all.map((part) => (typeof part === 'string' ? part : part.link)).join('\n\n') + '\n';
  const blocks: HtmlBlock[] = all.map((part) => (typeof part === 'string' ? { paragraph: part } : part));
  return { key, to, subject, text, html: htmlEmail(subject, blocks) };
}
