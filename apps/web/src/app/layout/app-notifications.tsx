import { useCallback } from 'react';
import {
  flashDismissed,
  selectFlashMessages,
  selectOverlayActive,
  useAppDispatch,
  useAppSelector,
} from '@aero/web-shared-store';
import { FlashMessages, LoadingOverlay } from '@aero/web-shared-ui';

/** Flash notifications and the loading overlay, driven by their store slices. */
export function AppNotifications() {
  const dispatch = useAppDispatch();
  const messages = useAppSelector(selectFlashMessages);
  const overlayActive = useAppSelector(selectOverlayActive);
  const dismiss = useCallback((id: string) => dispatch(flashDismissed(id)), [dispatch]);
  return (
    <>
      <FlashMessages messages={messages} onDismiss={dismiss} />
      <LoadingOverlay active={overlayActive} />
    </>
  );
}
