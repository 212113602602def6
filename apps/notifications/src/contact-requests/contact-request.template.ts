import type { OutgoingEmail } from '../emails/emails.service.js';
import { escapeHtml, formatDateTime, PRODUCT_NAME } from '../emails/email-html.js';
import { countryName, type ValidContactRequest } from './contact-request.rules.js';

/** The key of the sales e-mail of one contact request: one per request. */
export function contactRequestEmailKey(requestId: string): string {
  return `contact-request:${requestId}`;
}

/** The request as the sales team reads it: every field, in the form's order. */
export function contactRequestEmail(
  requestId: string,
  request: ValidContactRequest,
  receivedAt: Date,
  salesEmail: string,
): Omit<OutgoingEmail, 'eventId'> {
  const rows: [string, string][] = [
    ['Customer', request.isPrivatePerson ? 'Private person' : 'Business'],
    ['Name', request.name],
    ['Email', request.email],
    ...(request.isPrivatePerson ? [] : ([['Company', request.company ?? '']] as [string, string][])),
    ['Phone', request.phone ?? '-'],
    ['Country', `${countryName(request.country)} (${request.country})`],
    ['Preferred starting date', request.startingDate ?? '-'],
    ['Group size', request.groupSize === null ? '-' : String(request.groupSize)],
  ];
  const who = request.isPrivatePerson ? request.name : `${request.name} (${request.company})`;
  const subject = `Classroom training request from ${who}`;
  const received = formatDateTime(receivedAt.toISOString());
  const text = [
    `A new classroom-training request was sent with the contact form of ${PRODUCT_NAME} on ${received}.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Courses of interest:',
    request.coursesRequest,
    '',
    `Request id: ${requestId}`,
    'Reply to the customer at the e-mail address above.',
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1f2933">',
    `<p>A new classroom-training request was sent with the contact form of ${PRODUCT_NAME} on ${escapeHtml(received)}.</p>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...rows.map(
      ([label, value]) => `<tr><th align="left" style="padding-right:16px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    '<p><strong>Courses of interest:</strong></p>',
    `<p>${escapeHtml(request.coursesRequest).replace(/\n/g, '<br>')}</p>`,
    `<p style="color:#555555;font-size:12px">Request id: ${escapeHtml(requestId)}</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { key: contactRequestEmailKey(requestId), to: salesEmail, subject, text, html };
}
