import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FLASH_HIDE_AFTER_MS } from '@aero/web-shared-util';
import './flash.css';

export interface FlashItem {
  id: string;
  kind: 'success' | 'error';
  text: string;
}

export interface FlashMessagesProps {
  messages: readonly FlashItem[];
  onDismiss: (id: string) => void;
  /** Spec: flash notifications hide after 3000 ms. */
  hideAfterMs?: number;
}

/** Success and error notifications in the top-right corner, each hidden after a delay. */
export function FlashMessages({ messages, onDismiss, hideAfterMs = FLASH_HIDE_AFTER_MS }: FlashMessagesProps) {
  return (
    <div className="flash-stack">
      {messages.map((message) => (
        <Flash key={message.id} message={message} onDismiss={onDismiss} hideAfterMs={hideAfterMs} />
      ))}
    </div>
  );
}

function Flash({
  message,
  onDismiss,
  hideAfterMs,
}: {
  message: FlashItem;
  onDismiss: (id: string) => void;
  hideAfterMs: number;
}) {
  const { t } = useTranslation();
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  useEffect(() => {
    const timer = setTimeout(() => dismiss.current(message.id), hideAfterMs);
    return () => clearTimeout(timer);
  }, [message.id, hideAfterMs]);

  const isError = message.kind === 'error';
  return (
    <div className={`flash flash--${message.kind}`} role={isError ? 'alert' : 'status'}>
      <span className="flash__icon" aria-hidden="true">
        {isError ? '!' : '✓'}
      </span>
      <p className="flash__text">{message.text}</p>
      <button type="button" className="flash__close" aria-label={t('common.close')} onClick={() => onDismiss(message.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
