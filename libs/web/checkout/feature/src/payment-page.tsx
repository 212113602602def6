import { paymentRoute, PaymentRoutes, SANDBOX_TEST_CARDS, type CardForm, type PaymentMethod, type PaymentPageProps } from '@aero/contracts';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useGetCartQuery } from '@aero/web-cart-data-access';
import {
  defaultPaymentMethod,
  fillRoute,
  followPaymentRedirect,
  formatCardNumber,
  INSTRUMENT_DECLINED,
  isFreeOrder,
  isSignInRequired,
  PAYMENT_ERROR_PARAM,
  PAYMENT_METHOD_PARAM,
  paymentMethodOf,
  PAYPAL_RETURN_PARAMS,
  readPayPalReturn,
  signInPath,
  trackAddPaymentInfo,
  useCapturePayPalOrderMutation,
  useCreatePayPalOrderMutation,
  useGetFlashQuery,
  useGetPaymentPagePropsQuery,
  usePayByCardMutation,
  usePayWithRedirectMutation,
  visiblePaymentMethods,
} from '@aero/web-checkout-data-access';
import { CheckoutSummary, PaymentMethodPicker, SandboxBadge } from '@aero/web-checkout-ui';
import { flashError, useAppDispatch } from '@aero/web-shared-store';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
import { CardPaymentForm } from './card-payment-form.js';
import { usePaymentProcessing } from './payment-processing.js';
import { PayPalButtons, type PayPalApproveResult } from './paypal-buttons.js';
import './checkout-feature.css';

/**
 * Texts of the `?payment_error=` codes a failed provider return brings back (shop §8 "Payments"),
 * when the server kept no flash: what happened and what to do.
 */
const PAYMENT_ERROR_TEXTS: Record<string, string> = {
  'payment.canceled': 'exceptions.payment.canceled',
  'payment.checking_failed': 'exceptions.payment.checking-details',
  'payment.processing_failed': 'exceptions.payment.processing',
  'payment.card_declined': 'exceptions.payment.card-declined',
  'payment.three_ds_failed': 'exceptions.payment.three-ds-failed',
  'payment.instrument_declined': 'exceptions.payment.paypal-declined',
};

/**
 * The payment page /cart/credentials (shop §2-§4, §8): the order summary, the method choice and
 * the payment. A signed-out visitor goes to the sign-in page first.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const props = useGetPaymentPagePropsQuery(undefined, { refetchOnMountOrArgChange: true });
  const flash = useGetFlashQuery(undefined, { refetchOnMountOrArgChange: true });
  const [search] = useSearchParams();

  if (isSignInRequired(props.error)) return <Navigate to={signInPath(PaymentRoutes.paymentPage)} replace />;

  const errorCode = search.get(PAYMENT_ERROR_PARAM);
  const returnedError =
    errorCode && (flash.data?.kind === 'error' ? flash.data.text : t(PAYMENT_ERROR_TEXTS[errorCode] ?? 'errors.generic'));

  return (
    <section className="page checkout" aria-labelledby="checkout-title">
      <PageTitle title={t('checkout.title')} />
      <h1 id="checkout-title">{t('checkout.title')}</h1>
      {returnedError && (
        <p className="notice notice--error checkout__error-banner" role="alert">
          {t('payment.error-banner', { error: returnedError })}
        </p>
      )}
      {props.isLoading && <PageLoading label={t('checkout.loading')} />}
      {props.isError && !props.data && (
        <div className="notice notice--error checkout__load-error" role="alert">
          <p>{failureMessage(props.error) ?? t('errors.generic')}</p>
          <Link to="/cart" className="btn btn--secondary">
            {t('checkout.back-to-cart')}
          </Link>
        </div>
      )}
      {props.data && <Checkout props={props.data} />}
    </section>
  );
}

function Checkout({ props }: { props: PaymentPageProps }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { data: cart } = useGetCartQuery();
  const { processing, start, fail, stop, alert } = usePaymentProcessing();
  const [payByCard] = usePayByCardMutation();
  const [payWithRedirect] = usePayWithRedirectMutation();
  const [createPayPalOrder] = useCreatePayPalOrderMutation();
  const [capturePayPalOrder] = useCapturePayPalOrderMutation();

  const methods = useMemo(() => visiblePaymentMethods(props), [props]);
  const free = isFreeOrder(props);
  const sandbox = props.provider_mode === 'sandbox';
  // Back from a failed provider step, the method it used is chosen again: the buyer retries at once.
  const [chosen, setChosen] = useState<PaymentMethod | null>(() => paymentMethodOf(search.get(PAYMENT_METHOD_PARAM)));
  const method = chosen && methods.includes(chosen) ? chosen : defaultPaymentMethod(methods);
  const [declined, setDeclined] = useState<string | null>(null);
  const [restartOrderId, setRestartOrderId] = useState<string | null>(null);

  const choose = (next: PaymentMethod) => {
    setChosen(next);
    trackAddPaymentInfo(next, props.price);
  };

  /** Sends the browser where an answer says; the overlay stays until the page changes. */
  const follow = (url: string) => followPaymentRedirect(url, navigate);

  /** A failed payment call: the sign-in page when the session ended, else shop §8. */
  const failed = (failure: unknown, flashText: string, detail: string | null = flashText) => {
    if (isSignInRequired(failure)) {
      stop();
      void navigate(signInPath(PaymentRoutes.paymentPage));
      return;
    }
    fail(flashText, detail);
  };

  /** The card form shows a refusal's field messages itself (the promise rejects with it). */
  const payCard = (card: CardForm) => {
    start();
    return payByCard({ url: props.routes.mangopay, card })
      .unwrap()
      .then((answer) => {
        if ('security_url' in answer && answer.security_url) follow(answer.security_url);
        else if ('success' in answer && answer.success && answer.processed) {
          follow(`${paymentRoute('cardCallback', { cart_id: answer.cart_id })}?${new URLSearchParams({ transactionId: answer.transaction_id }).toString()}`);
        } else fail(t('cart.credit-cart-flash-error'));
      })
      .catch((failure: unknown) => {
        failed(failure, failureMessage(failure) ?? t('cart.credit-cart-flash-error'));
        throw failure;
      });
  };

  /** PayPal (redirect flow), bank wire, wallet and free orders: the route answers `redirect_url`. */
  const payAndFollow = (url: string, fallback: string) => {
    start();
    payWithRedirect({ url })
      .unwrap()
      .then((answer) => follow(answer.redirect_url))
      .catch((failure: unknown) => failed(failure, failureMessage(failure) ?? fallback));
  };

  const payPalFailed = (failure: unknown) => failed(failure, t('payment.paypal-error'), failureMessage(failure) ?? t('payment.paypal-error'));

  const createOrder = () => {
    setDeclined(null);
    start();
    return createPayPalOrder({ url: props.routes.paypal_credit, method: 'paypal_credit' })
      .unwrap()
      .then((answer) => {
        // The SDK opens its own window; the sandbox page replaces this one (the overlay goes with it).
        if (!sandbox) stop();
        return answer.result.id;
      });
  };

  const capture = async (orderID: string): Promise<PayPalApproveResult> => {
    setDeclined(null);
    start();
    try {
      const { result } = await capturePayPalOrder({ url: fillRoute(props.routes.paypal_credit_capture, { orderID }) }).unwrap();
      const issue = result.details[0];
      if (issue) {
        stop();
        // The spec's words and PayPal's description, then what to do: the approval opens again.
        const message = [t('payment.declined'), issue.description, t('payment.declined-retry')].filter(Boolean).join(' ');
        dispatch(flashError(message));
        setDeclined(message);
        if (issue.issue === INSTRUMENT_DECLINED) {
          setRestartOrderId(orderID);
          return 'restart';
        }
        setRestartOrderId(null);
        return undefined;
      }
      setRestartOrderId(null);
      if (result.success_redirect_url) follow(result.success_redirect_url);
      else fail(t('payment.paypal-error'));
    } catch (failure) {
      payPalFailed(failure);
    }
    return undefined;
  };

  const payPalCanceled = () => {
    stop();
    dispatch(flashError(t('exceptions.payment.canceled')));
  };

  // A new payment started: the error the buyer came back with is over (its banner goes). After
  // the render, not in the submit event: the router's update is a transition.
  const returnedWithError = search.has(PAYMENT_ERROR_PARAM) || search.has(PAYMENT_METHOD_PARAM);
  useEffect(() => {
    if (!processing || !returnedWithError) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PAYMENT_ERROR_PARAM);
        next.delete(PAYMENT_METHOD_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [processing, returnedWithError, setSearch]);

  // Back from the sandbox PayPal approval page: capture (or say it was canceled), once.
  const handledReturn = useRef<string | null>(null);
  const payPalReturn = readPayPalReturn(search);
  useEffect(() => {
    if (!payPalReturn || handledReturn.current === payPalReturn.orderID) return;
    handledReturn.current = payPalReturn.orderID;
    setChosen('paypal_credit');
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        Object.values(PAYPAL_RETURN_PARAMS).forEach((param) => next.delete(param));
        return next;
      },
      { replace: true },
    );
    if (payPalReturn.outcome === 'approved') void capture(payPalReturn.orderID);
    else payPalCanceled();
    // Runs for a new return only; `capture` reads the props of this render.
  }, [payPalReturn?.orderID, payPalReturn?.outcome]);

  const payLabel = t('checkout.pay', { amount: props.formatted_price });
  let panel: ReactNode = null;
  if (free) {
    panel = (
      <OnePressPanel
        hint={t('checkout.free-hint')}
        button={t('checkout.complete-free')}
        disabled={processing}
        onPay={() => payAndFollow(props.routes.free, t('cart.credit-cart-flash-error'))}
      />
    );
  } else if (method === 'mangopay') {
    panel = (
      <div className="checkout__panel">
        <CardPaymentForm submitLabel={payLabel} disabled={processing} onPay={payCard} />
        {sandbox && <SandboxTestCards />}
      </div>
    );
  } else if (method === 'paypal') {
    panel = (
      <OnePressPanel
        hint={t('checkout.paypal.hint')}
        button={t('checkout.paypal.button')}
        disabled={processing}
        onPay={() => payAndFollow(props.routes.paypal, t('payment.paypal-error'))}
      />
    );
  } else if (method === 'paypal_credit') {
    panel = (
      <div className="checkout__panel">
        <p>{t('checkout.paypal.credit-hint')}</p>
        {declined && (
          <p className="notice notice--error checkout__declined" role="alert">
            {declined}
          </p>
        )}
        <PayPalButtons
          clientId={props.paypal_client_id}
          label={t('checkout.paypal.credit-button')}
          disabled={processing}
          createOrder={createOrder}
          onApprove={capture}
          onCancel={payPalCanceled}
          onError={payPalFailed}
          openApproval={(orderID) => void navigate(paymentRoute('sandboxPayPalPage', { orderID }))}
          restartOrderId={restartOrderId}
        />
      </div>
    );
  } else if (method === 'bankwire') {
    panel = (
      <OnePressPanel
        hint={t('checkout.bankwire.hint')}
        button={t('checkout.bankwire.button')}
        disabled={processing}
        onPay={() => payAndFollow(props.routes.bankwire, t('cart.credit-cart-flash-error'))}
      />
    );
  } else if (method === 'wallet') {
    panel = (
      <OnePressPanel
        hint={t('checkout.wallet.hint', { balance: props.formatted_wallet_balance })}
        button={t('checkout.wallet.button', { amount: props.formatted_price })}
        disabled={processing}
        onPay={() => payAndFollow(props.routes.wallet, t('cart.credit-cart-flash-error'))}
      />
    );
  }

  return (
    <div className="checkout__layout">
      <div className="checkout__main">
        <p className="checkout__price">
          {t('checkout.to-pay')} <strong>{props.formatted_price}</strong>
        </p>
        {!free && methods.length === 0 && (
          <p className="notice notice--warning" role="alert">
            {t('checkout.no-methods')}
          </p>
        )}
        {!free && methods.length > 0 && <PaymentMethodPicker methods={methods} value={method} onChange={choose} disabled={processing} />}
        {panel}
      </div>
      <aside className="checkout__aside">{cart ? <CheckoutSummary lines={cart.data} meta={cart.meta} /> : <PageLoading />}</aside>
      {alert}
    </div>
  );
}

/** The sandbox provider's documented test cards (apps/payments/README.md). */
function SandboxTestCards() {
  const { t } = useTranslation();
  return (
    <section className="sandbox-cards" aria-labelledby="sandbox-cards-title">
      <h2 id="sandbox-cards-title" className="sandbox-cards__title">
        {t('checkout.sandbox-cards.title')} <SandboxBadge />
      </h2>
      <p className="sandbox-cards__hint">{t('checkout.sandbox-cards.hint')}</p>
      <ul className="sandbox-cards__list">
        {SANDBOX_TEST_CARDS.map((card) => (
          <li key={card.number}>
            <code>{formatCardNumber(card.number)}</code> {card.description}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A method paid with one press (free, PayPal's page, bank wire, wallet): its hint and its button. */
function OnePressPanel({ hint, button, disabled, onPay }: { hint: string; button: string; disabled: boolean; onPay: () => void }) {
  return (
    <div className="checkout__panel">
      <p>{hint}</p>
      <button type="button" className="btn btn--primary checkout__pay" disabled={disabled} onClick={onPay}>
        {button}
      </button>
    </div>
  );
}
