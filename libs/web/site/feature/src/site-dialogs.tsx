import { DataMethodLinks } from './data-method.js';
import { SubscriptionBonusPopup } from './subscription-bonus-popup.js';

/** The site's dialogs the shell mounts once: the subscription bonus popup and data-method confirmations. */
export function SiteDialogs() {
  return (
    <>
      <SubscriptionBonusPopup />
      <DataMethodLinks />
    </>
  );
}
