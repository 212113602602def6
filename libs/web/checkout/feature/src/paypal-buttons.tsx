import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SandboxBadge } from '@aero/web-checkout-ui';
import { CURRENCY } from '@aero/web-shared-util';

/** `paypal_client_id` of the payment page props when the sandbox provider is active. */
export const SANDBOX_PAYPAL_CLIENT_ID = 'sandbox';

/** What the capture of an approved PayPal order asks of the buttons. */
export type PayPalApproveResult = 'restart' | undefined;

/**
 * The PayPal buttons, whichever implementation draws them: the PayPal JS SDK with a real client
 * id, or a stand-in button for the sandbox provider that opens its approval page.
 */
export interface PayPalButtonsProps {
  /** `paypal_client_id` of the payment page props. */
  clientId: string;
  /** The stand-in button's text. */
  label: string;
  disabled?: boolean;
  /** Creates the PayPal order (create-order route); resolves its id. */
  createOrder: () => Promise<string>;
  /** The buyer approved: capture. `'restart'` when they must approve again (INSTRUMENT_DECLINED). */
  onApprove: (orderID: string) => Promise<PayPalApproveResult>;
  onCancel: () => void;
  onError: (error: unknown) => void;
  /** Sandbox: opens the approval page of the order in this tab; the page comes back to ours. */
  openApproval: (orderID: string) => void;
  /** Sandbox: a declined order the buyer approves again instead of creating another. */
  restartOrderId?: string | null;
}

export function PayPalButtons(props: PayPalButtonsProps) {
  return props.clientId === SANDBOX_PAYPAL_CLIENT_ID ? <SandboxPayPalButton {...props} /> : <PayPalSdkButtons {...props} />;
}

/** The sandbox stand-in: create the order (unless one waits for approval again), open its approval page. */
function SandboxPayPalButton({ label, disabled, createOrder, onError, openApproval, restartOrderId }: PayPalButtonsProps) {
  return (
    <div className="paypal-buttons paypal-buttons--sandbox">
      <button
        type="button"
        className="btn paypal-standin"
        disabled={disabled}
        onClick={() => {
          if (restartOrderId) openApproval(restartOrderId);
          else createOrder().then(openApproval, onError);
        }}
      >
        {label}
      </button>
      <SandboxBadge />
    </div>
  );
}

/* ---- PayPal JS SDK ---- */

interface PayPalButtonActions {
  restart: () => Promise<void>;
}

interface PayPalButtonsOptions {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }, actions: PayPalButtonActions) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
}

interface PayPalButtonsInstance {
  render: (container: HTMLElement) => Promise<void>;
  close: () => Promise<void>;
}

interface PayPalNamespace {
  Buttons: (options: PayPalButtonsOptions) => PayPalButtonsInstance;
}

const sdkLoads = new Map<string, Promise<PayPalNamespace>>();

/** Loads the PayPal JS SDK once per client id (EUR, capture). */
export function loadPayPalSdk(clientId: string): Promise<PayPalNamespace> {
  let load = sdkLoads.get(clientId);
  if (!load) {
    load = new Promise<PayPalNamespace>((resolve, reject) => {
      const script = document.createElement('script');
      const query = new URLSearchParams({ 'client-id': clientId, currency: CURRENCY, intent: 'capture', components: 'buttons' });
      script.src = `https://www.paypal.com/sdk/js?${query.toString()}`;
      script.async = true;
      script.onload = () => {
        const paypal = (globalThis as { paypal?: PayPalNamespace }).paypal;
        if (paypal) resolve(paypal);
        else reject(new Error('PayPal SDK loaded without its namespace'));
      };
      script.onerror = () => reject(new Error('PayPal SDK could not be loaded'));
      document.head.appendChild(script);
    });
    load.catch(() => sdkLoads.delete(clientId));
    sdkLoads.set(clientId, load);
  }
  return load;
}

/** The PayPal SDK buttons, wired to the same create-order and capture calls. */
function PayPalSdkButtons({ clientId, disabled, createOrder, onApprove, onCancel, onError }: PayPalButtonsProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef({ createOrder, onApprove, onCancel, onError });
  useEffect(() => {
    latest.current = { createOrder, onApprove, onCancel, onError };
  });
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let buttons: PayPalButtonsInstance | null = null;
    let active = true;
    loadPayPalSdk(clientId)
      .then((paypal) => {
        if (!active || !container.current) return;
        buttons = paypal.Buttons({
          createOrder: () => latest.current.createOrder(),
          onApprove: async ({ orderID }, actions) => {
            if ((await latest.current.onApprove(orderID)) === 'restart') await actions.restart();
          },
          onCancel: () => latest.current.onCancel(),
          onError: (error) => latest.current.onError(error),
        });
        return buttons.render(container.current).then(() => {
          if (active) setState('ready');
        });
      })
      .catch(() => {
        if (active) setState('failed');
      });
    return () => {
      active = false;
      void buttons?.close().catch(() => undefined);
    };
  }, [clientId]);

  return (
    <div className={`paypal-buttons${disabled ? ' paypal-buttons--disabled' : ''}`} aria-disabled={disabled || undefined} aria-busy={state === 'loading' || undefined}>
      {state === 'loading' && <p className="paypal-buttons__status">{t('checkout.paypal.loading')}</p>}
      {state === 'failed' && (
        <p className="notice notice--error" role="alert">
          {t('checkout.paypal.sdk-failed')}
        </p>
      )}
      <div ref={container} />
    </div>
  );
}
