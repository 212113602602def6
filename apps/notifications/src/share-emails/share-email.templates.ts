import type { CoursesDelivered, ShareCancelled, ShareRecalled, ShareSent } from '@aero/contracts';
import type { OutgoingEmail } from '../emails/emails.service.js';
import { composeEmail, formatDate, PRODUCT_NAME, type EmailPart } from '../emails/email-html.js';

type ShareEmail = Omit<OutgoingEmail, 'eventId'>;

/** What each share e-mail is about; the first part of its key. */
export const ShareEmailKind = {
  Invitation: 'share-invitation',
  Ticket: 'share-ticket',
  Withdrawn: 'share-withdrawn',
  Delivered: 'courses-delivered',
} as const;

/**
 * One e-mail per send of an item (`<kind>:<shareId>:<sendCount>`): a redelivered `share.sent`
 * finds its e-mail already owed, a resend (next send count) is a new one.
 */
export function shareSendKey(kind: typeof ShareEmailKind.Invitation | typeof ShareEmailKind.Ticket, shareId: string, sendCount: number): string {
  return `${kind}:${shareId}:${sendCount}`;
}

/** One withdrawal notice per item, whether it was recalled or cancelled. */
export function shareWithdrawnKey(shareId: string): string {
  return `${ShareEmailKind.Withdrawn}:${shareId}`;
}


/**
 * The e-mail of a `share.sent`: the invitation to receive a course (a reminder when sent again),
 * or the ticket's code and password. Null when nobody is to be e-mailed (a printed ticket).
 */
export function shareSentEmail(data: ShareSent): ShareEmail | null {
  if (!data.recipientEmail) return null;
  const until = formatDate(`${data.availableTill}T00:00:00Z`);
  if (data.shareType === 'ticket') {
    if (!data.ticket) return null;
    return composeEmail(
      shareSendKey(ShareEmailKind.Ticket, data.shareId, data.sendCount),
      data.recipientEmail,
      `Your ticket for ${data.courseName} - ${PRODUCT_NAME}`,
      data.recipientName,
      [
        `${data.owner.name} gives you the course "${data.courseName}" with a ticket.`,
        `Activation code: ${data.ticket.code}\nPassword: ${data.ticket.password}`,
        'Open the activation page, sign in or create an account, and enter the code and the password:',
        { link: data.receiveUrl, label: 'Activate the ticket' },
        `The ticket can be activated once, until ${until}.`,
      ],
    );
  }
  const again = data.sendCount > 1;
  return composeEmail(
    shareSendKey(ShareEmailKind.Invitation, data.shareId, data.sendCount),
    data.recipientEmail,
    `${again ? 'Reminder: ' : ''}${data.owner.name} shared "${data.courseName}" with you - ${PRODUCT_NAME}`,
    data.recipientName,
    [
      `${data.owner.name} shared the online course "${data.courseName}" with you.`,
      `Sign in, or create an account with this e-mail address (${data.recipientEmail}), and accept the course when we ask you: it then appears in My courses.`,
      { link: data.receiveUrl, label: 'Receive the course' },
      `The course can be received until ${until}.`,
    ],
  );
}

/**
 * The notice to a recipient whose e-mailed course was taken back (recalled or cancelled). Null
 * when they were never e-mailed (a created item, a printed ticket).
 */
export function shareWithdrawnEmail(data: ShareRecalled | ShareCancelled): ShareEmail | null {
  if (!data.recipientEmail || !data.recipientNotified) return null;
  return composeEmail(shareWithdrawnKey(data.shareId), data.recipientEmail, `"${data.courseName}" is no longer shared with you - ${PRODUCT_NAME}`, null, [
    `${data.owner.name} took back the course "${data.courseName}" that was shared with you.`,
    data.fromStatus === 'accepted'
      ? 'It has been removed from My courses. If you think this is a mistake, please contact the person who shared it.'
      : 'You no longer need to receive it. If you think this is a mistake, please contact the person who shared it.',
  ]);
}

/**
 * The organizer's summary of a delivery (organize course): how many students got the course by
 * e-mail and by ticket, the hard copies asked for, and where to print the tickets. One per delivery.
 */
export function coursesDeliveredEmail(data: CoursesDelivered): ShareEmail | null {
  if (!data.organizer.email) return null;
  const parts: EmailPart[] = [
    `you delivered the course "${data.courseName}" to ${data.byEmail + data.byTicket} students: ${data.byEmail} by e-mail and ${data.byTicket} by ticket.`,
  ];
  if (data.certificates > 0) parts.push(`Hard-copy certificates requested: ${data.certificates}.`);
  if (data.ticketsUrl) {
    parts.push(`Print the ${data.tickets.length} tickets and hand them to the students:`);
    parts.push({ link: data.ticketsUrl, label: 'Print the tickets' });
  }
  return composeEmail(`${ShareEmailKind.Delivered}:${data.deliveryId}`, data.organizer.email, `Courses delivered: ${data.courseName} - ${PRODUCT_NAME}`, null, parts);
}
