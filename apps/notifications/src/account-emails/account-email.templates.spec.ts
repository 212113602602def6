import { describe, expect, it } from '@jest/globals';
import { mailText } from '../../test/support/mail-text.js';
import { invitationEmail, kycDecisionEmail, passwordChangedEmail, passwordResetEmail, verificationEmail } from './account-email.templates.js';

const EVENT_ID = '6f1c2a7b-9d10-4d53-9f5e-0b8e4f526a0c';
/** The user an account event is about. */
const jane = { userId: EVENT_ID, email: 'jane@example.com', name: 'Jane Doe' };

describe('account e-mail templates', () => {
  it('write the verification e-mail as text with the link on its own line, and as HTML with a button', () => {
    const email = verificationEmail('registration-verification', EVENT_ID, { ...jane, verificationUrl: 'https://academy.example/email/verify?token=abc&x=1', expiresAt: '2026-11-28T09:00:00.000Z' });
    expect(email.key).toBe(`registration-verification:${EVENT_ID}`);
    expect(email.to).toBe('jane@example.com');
    expect(email.text).toBe(
      mailText('Hello Jane Doe,', [
        'welcome to AeroMaint Academy! Please confirm your e-mail address by opening the link below.',
        '',
        'https://academy.example/email/verify?token=abc&x=1',
        '',
        'The link expires on 28 November 2026, 09:00 UTC. If you did not create an account, you can ignore this e-mail.',
      ]),
    );
    expect(email.html).toContain('<a href="https://academy.example/email/verify?token=abc&amp;x=1"');
    expect(email.html).toContain('>Verify e-mail address</a>');
  });

  it('greet without a name when there is none, and escape user text in HTML', () => {
    const email = passwordChangedEmail(EVENT_ID, { ...jane, name: ' ', reason: 'reset', changedAt: '2026-11-21T08:00:00.000Z' }, 'https://academy.example');
    expect(email.text.startsWith('Hello,\n')).toBe(true);
    expect(email.text).toContain('was changed with a password reset link on 21 November 2026, 08:00 UTC.');
    // Someone who did not change it asks for a reset from the link.
    expect(email.text).toContain('reset your password right away and contact our support:\n\nhttps://academy.example/password/reset\n');
    expect(email.html).toContain('<a href="https://academy.example/password/reset"');

    const declined = kycDecisionEmail(EVENT_ID, {
      subjectType: 'user',
      subjectId: EVENT_ID,
      companyId: null,
      userId: EVENT_ID,
      email: 'x@example.com',
      name: '<b>Eve</b>',
      status: 'declined',
      reason: null,
      decidedBy: EVENT_ID,
      decidedAt: '2026-11-21T08:00:00.000Z',
    });
    expect(declined.text).toContain('of your account at AeroMaint Academy has been declined.');
    expect(declined.text).toContain('Reason: not given');
    expect(declined.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(declined.html).not.toContain('<b>Eve</b>');
  });

  it('tell the validity of the reset link from the event', () => {
    const email = passwordResetEmail(EVENT_ID, { ...jane, resetUrl: 'https://academy.example/password/reset?token=t', requestedAt: '2026-11-21T08:00:00.000Z', expiresAt: '2026-11-21T09:00:00.000Z' });
    expect(email.key).toBe(`password-reset:${EVENT_ID}`);
    expect(email.text).toContain('This link is valid for 60 minutes and can be used once.');
  });

  it('write the invitation with its company, the join link, and say a resent link replaces the earlier one', () => {
    const data = {
      invitationId: EVENT_ID,
      companyId: EVENT_ID,
      companyName: 'Nordic Line Maintenance',
      email: 'lina@example.com',
      inviteUrl: 'https://academy.example/register?invitation=tok&email=lina%40example.com',
      reason: 'invited' as const,
      invitedByName: 'Lars Nilsen',
      sentAt: '2026-11-28T09:00:00.000Z',
    };
    const first = invitationEmail(EVENT_ID, data);
    expect(first.key).toBe(`invitation:${EVENT_ID}`);
    expect(first.to).toBe('lina@example.com');
    expect(first.subject).toBe('Nordic Line Maintenance invites you to its Student List - AeroMaint Academy');
    expect(first.text).toContain('Lars Nilsen of Nordic Line Maintenance is about to share online courses with you');
    expect(first.text).toContain('\nhttps://academy.example/register?invitation=tok&email=lina%40example.com\n');
    expect(first.text).not.toContain('earlier one');
    expect(first.html).toContain('>Join the Student List</a>');
    expect(invitationEmail(EVENT_ID, { ...data, reason: 'resent' }).text).toContain('This is a new link: an earlier one no longer works.');
  });
});
