import type { ReactNode } from 'react';
import './badge.css';

/** How a status reads: done (success), waiting for someone (warning), refused or ended (danger), or plain. */
export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral';

/** A status as a coloured pill; `className` names the status for styling or tests (`order-status`). */
export function StatusBadge({ tone, className, children }: { tone: BadgeTone; className?: string; children: ReactNode }) {
  return <span className={['badge', tone === 'neutral' ? null : `badge--${tone}`, className].filter(Boolean).join(' ')}>{children}</span>;
}
