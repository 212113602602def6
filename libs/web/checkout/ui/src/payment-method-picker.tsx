import type { PaymentMethod } from '@aero/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '@aero/web-shared-ui';
import './checkout-ui.css';

export interface PaymentMethodPickerProps {
  methods: readonly PaymentMethod[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
}

/** The payment methods as a radio group (shop §3 "Payment method"). */
export function PaymentMethodPicker({ methods, value, onChange, disabled }: PaymentMethodPickerProps) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="payment-methods" disabled={disabled}>
      <legend className="payment-methods__legend">{t('checkout.method-legend')}</legend>
      {methods.map((method) => (
        <label key={method} className={`payment-method${method === value ? ' payment-method--selected' : ''}`}>
          <input
            type="radio"
            name={name}
            value={method}
            checked={method === value}
            onChange={() => onChange(method)}
            className="payment-method__input"
          />
          <PaymentMethodIcon method={method} />
          <span className="payment-method__label">{t(`payment.methods.${method}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

const ICON_PATHS: Record<PaymentMethod, string> = {
  mangopay: 'M3 6h18v12H3zM3 10h18M6 15h4',
  paypal: 'M8 19l2-13h6a3.5 3.5 0 0 1 0 7h-4l-1 6z',
  paypal_credit: 'M3 6h18v12H3zM3 10h18M14 15h4',
  bankwire: 'M3 10l9-5 9 5M5 10v7M10 10v7M14 10v7M19 10v7M3 19h18',
  wallet: 'M4 7h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4zM4 7l11-3v3M16 13h2',
};

function PaymentMethodIcon({ method }: { method: PaymentMethod }) {
  return (
    <LineIcon className="payment-method__icon" size={22} strokeWidth={1.6} d={ICON_PATHS[method]} />
  );
}
