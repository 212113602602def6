import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOADER_HIDE_DELAY_MS, useTimeout } from '@aero/web-shared-util';
import { Spinner } from './spinner.js';
import './loading-overlay.css';

export interface LoadingOverlayProps {
  active: boolean;
  /** Spec: the overlay hides 150 ms after dismissal. */
  hideDelayMs?: number;
}

/** Full-page overlay shown while `active`; it stays hideDelayMs after dismissal, fading out. */
export function LoadingOverlay({ active, hideDelayMs = LOADER_HIDE_DELAY_MS }: LoadingOverlayProps) {
  const { t } = useTranslation();
  const [wasActive, setWasActive] = useState(active);
  const [hiding, setHiding] = useState(false);
  if (active !== wasActive) {
    setWasActive(active);
    setHiding(!active);
  }

  useTimeout(hiding, hideDelayMs, () => setHiding(false));

  if (!active && !hiding) return null;
  return (
    <div className={`loading-overlay${active ? '' : ' loading-overlay--hiding'}`} data-testid="loading-overlay">
      <div role="status" aria-live="polite" className="loading-overlay__box">
        <Spinner />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    </div>
  );
}
