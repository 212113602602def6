import type { CardField, CardForm } from '@aero/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CARD_NUMBER_MAX_DIGITS,
  cardFormBody,
  digitsOnly,
  formatCardNumber,
  validateCardForm,
  type CardFieldErrors,
  type CardFormValues,
} from '@aero/web-checkout-data-access';
import { Field } from '@aero/web-shared-ui';

export interface CardPaymentFormProps {
  /** The pay button's text ("Pay €129.90"). */
  submitLabel: string;
  disabled?: boolean;
  /** The first server message per field of a refused form (422). */
  serverErrors?: Partial<Record<string, string>>;
  onPay: (card: CardForm) => void;
  /** Today, for the expiry check (tests). */
  now?: Date;
}

/** Years offered for the expiry date, from this one. */
const EXPIRY_YEARS = 16;

const EMPTY: CardFormValues = { number: '', expiration_month: '', expiration_year: '', cvc: '' };

/**
 * The credit card form (shop §3): number (digits only, shown in groups of four), expiration
 * month and year, CVC. The client checks (checksum, expiry in the future, 3-4 digit CVC) show
 * under the fields with the spec's form-invalid message; the server checks again.
 */
export function CardPaymentForm({ submitLabel, disabled, serverErrors = {}, onPay, now }: CardPaymentFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CardFormValues>(EMPTY);
  const [errors, setErrors] = useState<CardFieldErrors>({});
  const [invalid, setInvalid] = useState(false);
  const thisYear = (now ?? new Date()).getFullYear();

  const change = (field: CardField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateCardForm(values, now);
    setErrors(found);
    const hasErrors = Object.values(found).some(Boolean);
    setInvalid(hasErrors);
    if (!hasErrors) onPay(cardFormBody(values));
  };

  const errorOf = (field: CardField) => errors[field] ?? serverErrors[field];

  return (
    <form className="card-form" noValidate onSubmit={submit} aria-label={t('checkout.card.form-label')}>
      {invalid && (
        <p className="notice notice--error card-form__invalid" role="alert">
          {t('payment.form-invalid')}
        </p>
      )}
      <Field label={t('checkout.card.number')} required error={errorOf('number')} className="card-form__number">
        {(control) => (
          <input
            {...control}
            className="form-field__input"
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={CARD_NUMBER_MAX_DIGITS + 4}
            value={formatCardNumber(values.number)}
            disabled={disabled}
            onChange={(event) => change('number', digitsOnly(event.target.value, CARD_NUMBER_MAX_DIGITS))}
          />
        )}
      </Field>
      <div className="card-form__row">
        <Field label={t('checkout.card.expiration-month')} required error={errorOf('expiration_month')}>
          {(control) => (
            <select
              {...control}
              className="form-field__input"
              autoComplete="cc-exp-month"
              value={values.expiration_month}
              disabled={disabled}
              onChange={(event) => change('expiration_month', event.target.value)}
            >
              <option value="">{t('checkout.card.month-placeholder')}</option>
              {Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0')).map((month) => (
                <option key={month} value={month}>
                  {month}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('checkout.card.expiration-year')} required error={errorOf('expiration_year')}>
          {(control) => (
            <select
              {...control}
              className="form-field__input"
              autoComplete="cc-exp-year"
              value={values.expiration_year}
              disabled={disabled}
              onChange={(event) => change('expiration_year', event.target.value)}
            >
              <option value="">{t('checkout.card.year-placeholder')}</option>
              {Array.from({ length: EXPIRY_YEARS }, (_, index) => String(thisYear + index)).map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('checkout.card.cvc')} required hint={t('checkout.card.cvc-hint')} error={errorOf('cvc')}>
          {(control) => (
            <input
              {...control}
              className="form-field__input"
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={values.cvc}
              disabled={disabled}
              onChange={(event) => change('cvc', digitsOnly(event.target.value, 4))}
            />
          )}
        </Field>
      </div>
      <button type="submit" className="btn btn--primary checkout__pay" disabled={disabled} aria-busy={disabled || undefined}>
        {submitLabel}
      </button>
    </form>
  );
}
