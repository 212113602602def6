import type { ShareRecalled, ShareSent } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { shareSentEmail, shareWithdrawnEmail } from './share-email.templates.js';

const sent: ShareSent = {
  shareId: '6d7c4a52-52bb-4f0f-9d8e-7c1f2f0e9a11',
  programId: 2001,
  courseName: 'Part-145 Initial Training',
  owner: { kind: 'company', userId: 'u1', companyId: 'c1', name: 'Nordic <Line>' },
  shareType: 'email',
  recipientEmail: 'pilot@example.com',
  availableTill: '2027-06-30',
  actorUserId: 'u1',
  sequence: 2,
  occurredAt: '2026-11-25T10:00:00Z',
  sendCount: 1,
  sendAt: '2026-11-25T10:00:00Z',
  recipientName: null,
  ticket: null,
  receiveUrl: 'https://shop.example/my-courses',
};

describe('share e-mails (issue 12)', () => {
  it('one invitation per send of an item: the key names the item and the send count; a resend is a reminder', () => {
    const first = shareSentEmail(sent)!;
    expect(first.key).toBe(`share-invitation:${sent.shareId}:1`);
    expect(first.to).toBe('pilot@example.com');
    expect(first.text).toContain('https://shop.example/my-courses');
    expect(first.text).toContain('until 30 June 2027');
    expect(first.html).toContain('Nordic &lt;Line&gt;');
    const again = shareSentEmail({ ...sent, sendCount: 2 })!;
    expect(again.key).toBe(`share-invitation:${sent.shareId}:2`);
    expect(again.subject.startsWith('Reminder: ')).toBe(true);
  });

  it('a ticket e-mail carries the code and password; a printed ticket e-mails nobody', () => {
    const ticket = shareSentEmail({ ...sent, shareType: 'ticket', ticket: { code: 'K7QF-3MZP-W2XD', password: 'ABCDEFGH' } })!;
    expect(ticket.key).toBe(`share-ticket:${sent.shareId}:1`);
    expect(ticket.text).toContain('Activation code: K7QF-3MZP-W2XD\nPassword: ABCDEFGH');
    expect(shareSentEmail({ ...sent, shareType: 'ticket', recipientEmail: null, ticket: null })).toBeNull();
  });

  it('a withdrawal notice goes once per item, only to a recipient who was e-mailed', () => {
    const recalled: ShareRecalled = { ...sent, fromStatus: 'accepted', learnerUserId: 'l1', recipientNotified: true, reason: 'recalled by the owner' };
    expect(shareWithdrawnEmail(recalled)?.key).toBe(`share-withdrawn:${sent.shareId}`);
    expect(shareWithdrawnEmail({ ...recalled, recipientNotified: false })).toBeNull();
  });
});
