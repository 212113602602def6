import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactLimits } from '@aero/contracts';
import { useSendContactRequestMutation, type ContactRequestBody } from '@aero/web-site-data-access';
import { DateInput, Field, firstMessages, HumanVerification, type HumanVerificationWidget, RequiredStar, TextAreaField, TextField } from '@aero/web-shared-ui';
import { failureFieldErrors } from '@aero/web-shared-util';
import { CountrySelector } from './country-selector.js';
import './site-feature.css';

type ContactValues = Omit<ContactRequestBody, 'g_recaptcha_token'>;

const EMPTY: ContactValues = {
  is_private_person: 'Yes',
  name: '',
  email: '',
  company: '',
  phone: '',
  country: '',
  courses_request: '',
  starting_date: '',
  group_size: '',
};

export interface ContactFormProps {
  /** The human-verification widget; by default reCAPTCHA with a site key, else the local test checkbox. */
  verification?: HumanVerificationWidget;
}

/**
 * The classroom-training contact form (shop §2, §4, §5): Private/Business, name, e-mail, company
 * (Business only), phone, country, courses of interest, preferred starting date, group size and
 * the human verification; 'Send a quote' posts to /classroom-training/contact-us. Server errors
 * show under each field with the form's failure text; after success the button gives way to the
 * thank-you text and the form keeps its values.
 */
export function ContactForm({ verification: Verification = HumanVerification }: ContactFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [send, { isLoading }] = useSendContactRequestMutation();

  const business = values.is_private_person === 'No';
  const set = (field: keyof ContactValues) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    send({ ...values, company: business ? values.company : '', g_recaptcha_token: token })
      .unwrap()
      .then(() => {
        setErrors({});
        setSubmitted(true);
      })
      .catch((failure: unknown) => {
        setErrors(firstMessages(failureFieldErrors(failure)));
        setFailed(true);
      });
  };

  const typeErrorId = `${id}-type-error`;
  const captchaErrorId = `${id}-captcha-error`;
  return (
    <form className="form contact-form" noValidate onSubmit={submit} aria-describedby={failed ? `${id}-failed` : undefined}>
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
          aria-invalid={errors['is_private_person'] ? true : undefined}
          aria-describedby={errors['is_private_person'] ? typeErrorId : undefined}
        >
          {(['Yes', 'No'] as const).map((choice) => (
            <label key={choice} className="toggle-group__option">
              <input
                type="radio"
                name="is_private_person"
                value={choice}
                checked={values.is_private_person === choice}
                onChange={() => set('is_private_person')(choice)}
              />
              <span>{choice === 'Yes' ? t('contact.private') : t('contact.business')}</span>
            </label>
          ))}
        </div>
        {errors['is_private_person'] && (
          <p id={typeErrorId} className="field-error">
            {errors['is_private_person']}
          </p>
        )}
      </fieldset>

      <div className="form-grid">
        <TextField label={t('contact.name')} required name="name" autoComplete="name" maxLength={ContactLimits.textMax} value={values.name} onValueChange={set('name')} error={errors['name']} />
        <TextField
          label={t('contact.email')}
          required
          type="email"
          name="email"
          autoComplete="email"
          maxLength={ContactLimits.textMax}
          value={values.email}
          onValueChange={set('email')}
          error={errors['email']}
        />
        {business && (
          <TextField
            label={t('contact.company')}
            required
            name="company"
            autoComplete="organization"
            maxLength={ContactLimits.textMax}
            value={values.company}
            onValueChange={set('company')}
            error={errors['company']}
          />
        )}
        <TextField label={t('contact.phone')} type="tel" name="phone" autoComplete="tel" maxLength={ContactLimits.textMax} value={values.phone} onValueChange={set('phone')} error={errors['phone']} />
        <Field label={t('contact.country')} required error={errors['country']}>
          {(control) => <CountrySelector {...control} name="country" value={values.country} onChange={set('country')} />}
        </Field>
        <Field
          label={t('contact.starting-date')}
          hint={t('contact.starting-date-hint', { min: ContactLimits.startingDateMin, max: ContactLimits.startingDateMax })}
          error={errors['starting_date']}
        >
          {(control) => (
            <DateInput
              {...control}
              name="starting_date"
              value={values.starting_date}
              onValueChange={set('starting_date')}
              data-min={ContactLimits.startingDateMin}
              data-max={ContactLimits.startingDateMax}
            />
          )}
        </Field>
        <TextField
          label={t('contact.group-size')}
          type="number"
          name="group_size"
          inputMode="numeric"
          min={ContactLimits.groupSizeMin}
          step={1}
          value={values.group_size}
          onValueChange={set('group_size')}
          error={errors['group_size']}
        />
      </div>
      <TextAreaField
        label={t('contact.courses')}
        required
        name="courses_request"
        rows={5}
        maxLength={ContactLimits.coursesRequestMax}
        value={values.courses_request}
        onValueChange={set('courses_request')}
        error={errors['courses_request']}
      />

      <div className="contact-form__captcha">
        <Verification onVerify={setToken} onExpire={() => setToken('')} invalid={Boolean(errors['g_recaptcha_token'])} describedBy={errors['g_recaptcha_token'] ? captchaErrorId : undefined} />
        {errors['g_recaptcha_token'] && (
          <p id={captchaErrorId} className="field-error">
            {errors['g_recaptcha_token']}
          </p>
        )}
      </div>

      {failed && (
        <p id={`${id}-failed`} className="notice notice--error" role="alert">
          {t('contact.error')}
        </p>
      )}
      <div className="form-actions">
        {submitted ? (
          <p className="notice notice--success contact-form__thanks" role="status">
            {t('contact.success')}
          </p>
        ) : (
          <button type="submit" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined}>
            {t('contact.submit')}
          </button>
        )}
      </div>
    </form>
  );
}
