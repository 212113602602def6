import { cardFormSchema, type CardForm, type CardFormRequest } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { CARD_NUMBER_MAX_DIGITS, cardFormBody, digitsOnly, formatCardNumber, type CardFormValues } from '@aero/web-checkout-data-access';
import { ControlledField, FormError, SchemaForm, useSchemaForm, type FormRefusal } from '@aero/web-shared-ui';

export interface CardPaymentFormProps {
  /** The pay button's text ("Pay €129.90"). */
  submitLabel: string;
  disabled?: boolean;
  /** Pays with the card; a rejection (a refused payment) is shown on the form (its field messages). */
  onPay: (card: CardForm) => Promise<unknown>;
}

/** The form's values as text, as the card route's body is made from them. */
function cardValues(values: CardFormRequest): CardFormValues {
  return { number: String(values.number), expiration_month: String(values.expiration_month), expiration_year: String(values.expiration_year), cvc: String(values.cvc) };
}

/** Years offered for the expiry date, from this one. */
const EXPIRY_YEARS = 16;

const EMPTY: CardFormRequest = { number: '', expiration_month: '', expiration_year: '', cvc: '' };

/**
 * The credit card form (shop §3): number (digits only, shown in groups of four), expiration
 * month and year, CVC. The contracts' card schema checks it before anything is sent (checksum,
 * expiry in the future, 3-4 digit CVC), with the server's words; a refusal with field messages,
 * the browser's or the server's, shows them under the fields and the spec's form-invalid message
 * above them.
 */
export function CardPaymentForm({ submitLabel, disabled, onPay }: CardPaymentFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(cardFormSchema, { defaultValues: EMPTY });
  const thisYear = new Date().getFullYear();
  const invalid = t('payment.form-invalid');
  const refusal: FormRefusal<CardFormRequest> = {
    invalidMessage: invalid,
    // A refusal without field messages (a declined card) is told by the page, not on the form.
    message: (answer) => (Object.keys(answer.fields).length > 0 ? invalid : undefined),
  };

  return (
    <SchemaForm
      form={form}
      className="card-form"
      aria-label={t('checkout.card.form-label')}
      refusal={refusal}
      onSubmit={(values) => onPay(cardFormBody(cardValues(values)))}
    >
      <FormError className="card-form__invalid" />
      <DigitsField
        name="number"
        label={t('checkout.card.number')}
        className="card-form__number"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxDigits={CARD_NUMBER_MAX_DIGITS}
        maxLength={CARD_NUMBER_MAX_DIGITS + 4}
        format={formatCardNumber}
        disabled={disabled}
      />
      <div className="card-form__row">
        <ExpirySelect
          name="expiration_month"
          label={t('checkout.card.expiration-month')}
          placeholder={t('checkout.card.month-placeholder')}
          autoComplete="cc-exp-month"
          options={Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'))}
          disabled={disabled}
        />
        <ExpirySelect
          name="expiration_year"
          label={t('checkout.card.expiration-year')}
          placeholder={t('checkout.card.year-placeholder')}
          autoComplete="cc-exp-year"
          options={Array.from({ length: EXPIRY_YEARS }, (_, index) => String(thisYear + index))}
          disabled={disabled}
        />
        <DigitsField name="cvc" label={t('checkout.card.cvc')} hint={t('checkout.card.cvc-hint')} autoComplete="cc-csc" maxDigits={4} maxLength={4} disabled={disabled} />
      </div>
      <button type="submit" className="btn btn--primary checkout__pay" disabled={disabled} aria-busy={disabled || undefined}>
        {submitLabel}
      </button>
    </SchemaForm>
  );
}

/** A card field typed as digits only (`maxDigits` at most), shown as `format` writes them. */
function DigitsField({
  name,
  label,
  hint,
  className,
  autoComplete,
  placeholder,
  maxDigits,
  maxLength,
  format = (digits) => digits,
  disabled,
}: {
  name: keyof CardFormRequest;
  label: string;
  hint?: string;
  className?: string;
  autoComplete: string;
  placeholder?: string;
  maxDigits: number;
  /** Of the text shown (the number's groups take spaces). */
  maxLength: number;
  format?: (digits: string) => string;
  disabled?: boolean;
}) {
  return (
    <ControlledField name={name} label={label} required hint={hint} className={className}>
      {(control, field) => (
        <input
          {...control}
          className="form-field__input"
          type="text"
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder={placeholder}
          maxLength={maxLength}
          name={field.name}
          ref={field.ref}
          value={format(String(field.value ?? ''))}
          disabled={disabled}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(digitsOnly(event.target.value, maxDigits))}
        />
      )}
    </ControlledField>
  );
}

/** The month or the year of the card's expiry, chosen from `options`. */
function ExpirySelect({
  name,
  label,
  placeholder,
  autoComplete,
  options,
  disabled,
}: {
  name: keyof CardFormRequest;
  label: string;
  placeholder: string;
  autoComplete: string;
  options: string[];
  disabled?: boolean;
}) {
  return (
    <ControlledField name={name} label={label} required>
      {(control, field) => (
        <select {...control} {...field} className="form-field__input" autoComplete={autoComplete} disabled={disabled}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </ControlledField>
  );
}
