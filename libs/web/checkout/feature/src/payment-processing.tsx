import { useCallback, useEffect, useRef, useState } from 'react';
import { flashError, overlayDismissed, overlayShown, useAppDispatch } from '@aero/web-shared-store';
import { PaymentFailureDialog } from '@aero/web-checkout-ui';

/**
 * The processing flag of a payment (shop §4): while it is on, the pay buttons are disabled and the
 * loading overlay shows. A failure (shop §8) shows an error flash and the 'Oops...' alert and
 * removes the overlay. Leaving the page (a redirect) removes the overlay too.
 */
export function usePaymentProcessing() {
  const dispatch = useAppDispatch();
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const overlay = useRef(false);

  const start = useCallback(() => {
    if (!overlay.current) {
      overlay.current = true;
      dispatch(overlayShown());
    }
    setProcessing(true);
  }, [dispatch]);

  const stop = useCallback(() => {
    if (overlay.current) {
      overlay.current = false;
      dispatch(overlayDismissed());
    }
    setProcessing(false);
  }, [dispatch]);

  /** Payment failure: `flashText` as an error flash, the 'Oops...' alert (with `detail`), no overlay. */
  const fail = useCallback(
    (flashText: string, detail: string | null = flashText) => {
      stop();
      dispatch(flashError(flashText));
      setFailure({ detail });
    },
    [dispatch, stop],
  );

  useEffect(
    () => () => {
      if (overlay.current) {
        overlay.current = false;
        dispatch(overlayDismissed());
      }
    },
    [dispatch],
  );

  const alert = <PaymentFailureDialog open={failure !== null} detail={failure?.detail} onClose={() => setFailure(null)} />;
  return { processing, start, stop, fail, alert };
}
