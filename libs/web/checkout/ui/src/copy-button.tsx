import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** Accessible name, e.g. "Copy the reference". */
  label: string;
}

/** How long "Copied" stays. */
const COPIED_FOR_MS = 2000;

/** Copies `text` to the clipboard and says so (or that it could not). */
export function CopyButton({ text, label }: CopyButtonProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    const clipboard = globalThis.navigator?.clipboard;
    if (!clipboard) {
      setState('failed');
      return;
    }
    clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };

  return (
    <span className="copy-button">
      <button type="button" className="btn btn--secondary copy-button__button" aria-label={label} onClick={copy}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M9 9h10v11H9zM5 15V4h10" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
        <span>{t('checkout.copy')}</span>
      </button>
      <span role="status" className="copy-button__status">
        {state === 'copied' ? t('checkout.copied') : state === 'failed' ? t('checkout.copy-failed') : ''}
      </span>
    </span>
  );
}
