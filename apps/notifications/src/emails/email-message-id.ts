import { createHash } from 'node:crypto';

/**
 * The Message-ID of the e-mail with this key: the same on every attempt, so a message that did
 * reach the server before a failure was reported can be recognised as the same message.
 */
export function messageIdFor(key: string, senderDomain: string): string {
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return `<${digest}@${senderDomain}>`;
}
