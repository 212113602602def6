import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactLimits, contactRequestSchema, type ContactRequest } from '@aero/contracts';
import {
  ControlledField,
  CountryField,
  DateInput,
  FormError,
  HumanVerification,
  RequiredStar,
  SchemaForm,
  SubmitButton,
  TextAreaField,
  TextField,
  useSchemaForm,
  type HumanVerificationWidget,
} from '@aero/web-shared-ui';
import { useGetCountriesQuery, useSendContactRequestMutation } from '@aero/web-site-data-access';
import './site-feature.css';

const EMPTY: ContactRequest = {
  is_private_person: 'Yes',
  name: '',
  email: '',
  company: '',
  phone: '',
  country: '',
  courses_request: '',
  starting_date: '',
  group_size: '',
  g_recaptcha_token: '',
};

export interface ContactFormProps {
  /** The human-verification widget; by default reCAPTCHA with a site key, else the local test checkbox. */
  verification?: HumanVerificationWidget;
}

/**
 * The classroom-training contact form (shop §2, §4, §5): Private/Business, name, e-mail, company
 * (Business only), phone, country, courses of interest, preferred starting date, group size and
 * the human verification; 'Send a quote' posts to /classroom-training/contact-us. Errors show
 * under each field with the form's failure text; after success the button gives way to the
 * thank-you text and the form keeps its values.
 */
export function ContactForm({ verification: Verification = HumanVerification }: ContactFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [submitted, setSubmitted] = useState(false);
  const form = useSchemaForm(contactRequestSchema, { defaultValues: EMPTY });
  const { data: countries } = useGetCountriesQuery();
  const [send, { isLoading }] = useSendContactRequestMutation();
  const { errors, isSubmitted } = form.formState;
  const business = form.watch('is_private_person') === 'No';
  const setToken = (token: string) => form.setValue('g_recaptcha_token', token, { shouldValidate: isSubmitted });

  const typeError = errors.is_private_person?.message;
  const captchaError = errors.g_recaptcha_token?.message;
  const typeErrorId = `${id}-type-error`;
  const captchaErrorId = `${id}-captcha-error`;
  const failedId = `${id}-failed`;
  return (
    <SchemaForm
      form={form}
      className="form contact-form"
      aria-describedby={errors.root?.['server'] ? failedId : undefined}
      onSubmit={(values) =>
        send({ ...values, company: values.is_private_person === 'No' ? values.company : '' })
          .unwrap()
          .then(() => setSubmitted(true))
      }
      // Spec: shop §8 "Contact form failure", whoever found the errors.
      refusal={{ message: () => t('contact.error') }}
    >
      <fieldset className="contact-form__type">
        <legend id={`${id}-type`} className="form-field__label">
          {t('contact.customer-type')}
          <RequiredStar />
        </legend>
        <div
          className="toggle-group"
          role="radiogroup"
          aria-labelledby={`${id}-type`}
          aria-required="true"
          aria-invalid={typeError ? true : undefined}
          aria-describedby={typeError ? typeErrorId : undefined}
        >
          {(['Yes', 'No'] as const).map((choice) => (
            <label key={choice} className="toggle-group__option">
              <input type="radio" value={choice} {...form.register('is_private_person')} />
              <span>{choice === 'Yes' ? t('contact.private') : t('contact.business')}</span>
            </label>
          ))}
        </div>
        {typeError && (
          <p id={typeErrorId} className="field-error">
            {typeError}
          </p>
        )}
      </fieldset>

      <div className="form-grid">
        <TextField label={t('contact.name')} required name="name" autoComplete="name" maxLength={ContactLimits.textMax} />
        <TextField label={t('contact.email')} required type="email" name="email" autoComplete="email" maxLength={ContactLimits.textMax} />
        {business && <TextField label={t('contact.company')} required name="company" autoComplete="organization" maxLength={ContactLimits.textMax} />}
        <TextField label={t('contact.phone')} type="tel" name="phone" autoComplete="tel" maxLength={ContactLimits.textMax} />
        <CountryField label={t('contact.country')} name="country" required countries={countries} />
        <ControlledField
          name="starting_date"
          label={t('contact.starting-date')}
          hint={t('contact.starting-date-hint', { min: ContactLimits.startingDateMin, max: ContactLimits.startingDateMax })}
        >
          {(control, field) => (
            <DateInput
              {...control}
              name={field.name}
              value={field.value as string}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              data-min={ContactLimits.startingDateMin}
              data-max={ContactLimits.startingDateMax}
            />
          )}
        </ControlledField>
        <TextField label={t('contact.group-size')} type="number" name="group_size" inputMode="numeric" min={ContactLimits.groupSizeMin} step={1} />
      </div>
      <TextAreaField label={t('contact.courses')} required name="courses_request" rows={5} maxLength={ContactLimits.coursesRequestMax} />

      <div className="contact-form__captcha">
        <Verification onVerify={setToken} onExpire={() => setToken('')} invalid={Boolean(captchaError)} describedBy={captchaError ? captchaErrorId : undefined} />
        {captchaError && (
          <p id={captchaErrorId} className="field-error">
            {captchaError}
          </p>
        )}
      </div>

      <FormError id={failedId} />
      <div className="form-actions">
        {submitted ? (
          <p className="notice notice--success contact-form__thanks" role="status">
            {t('contact.success')}
          </p>
        ) : (
          <SubmitButton busy={isLoading}>{t('contact.submit')}</SubmitButton>
        )}
      </div>
    </SchemaForm>
  );
}
