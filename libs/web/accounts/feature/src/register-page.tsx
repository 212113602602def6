import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AccountLimits, REGISTRATION_DEFAULT_REDIRECT } from '@aero/contracts';
import { useCurrentUser, useRegisterMutation, type RegistrationBody } from '@aero/web-accounts-data-access';
import { flashError, flashSuccess, overlayDismissed, overlayShown, useAppDispatch } from '@aero/web-shared-store';
import { readConsent } from '@aero/web-site-data-access';
import { CountrySelector } from '@aero/web-site-feature';
import { CheckboxField, Field, firstMessages, RichText, TextField } from '@aero/web-shared-ui';
import { failureFieldErrors } from '@aero/web-shared-util';
import { AuthLayout } from './auth-layout.js';
import { firstSafePath } from './redirect.js';
import './accounts-feature.css';
import { NewPasswordField } from './new-password-field.js';

/** The company fields of the registration form: shown for a corporate account, cleared when it is unticked. */
export const COMPANY_FIELDS = ['company_name', 'company_code', 'vat_number', 'company_country', 'city', 'address', 'zip'] as const;
type CompanyField = (typeof COMPANY_FIELDS)[number];

type RegistrationValues = Omit<RegistrationBody, 'redirect' | 'invitation_token' | `${string}_cookies_consent`>;

const EMPTY: RegistrationValues = {
  nick: '',
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  password_confirmation: '',
  type: 'student',
  terms_and_conditions: false,
  is_corporate: false,
  newsletters: false,
  company_name: '',
  company_code: '',
  vat_number: '',
  company_country: '',
  city: '',
  address: '',
  zip: '',
};

/**
 * Ticking is_corporate sets the type to company; unticking sets student and clears every company
 * field (shop §4 Registration).
 */
export function withCorporate(values: RegistrationValues, corporate: boolean): RegistrationValues {
  if (corporate) return { ...values, is_corporate: true, type: 'company' };
  const cleared = Object.fromEntries(COMPANY_FIELDS.map((field) => [field, ''])) as Record<CompanyField, string>;
  return { ...values, ...cleared, is_corporate: false, type: 'student' };
}

/**
 * /register (shop §2, §3, §4, §5): every field of the registration form; account type student
 * (default) or company through is_corporate; the invitation variant (`?invitation=<token>&email=`)
 * with a read-only e-mail and no corporate choice; the password hint and strength meter; terms
 * (required) and newsletters. Server errors show under the fields; a failure flashes
 * registration.flash_error and removes the loading overlay; success goes to the answer's redirect
 * (default /profile).
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const { user } = useCurrentUser();
  const invitationToken = search.get('invitation') ?? '';
  const invited = invitationToken !== '';
  const [values, setValues] = useState<RegistrationValues>(() => ({ ...EMPTY, email: invited ? (search.get('email') ?? '') : '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [register, { isLoading }] = useRegisterMutation();

  const set = <K extends keyof RegistrationValues>(field: K) => (value: RegistrationValues[K]) => setValues((previous) => ({ ...previous, [field]: value }));
  const corporate = values.is_corporate && !invited;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const consent = readConsent();
    const body: RegistrationBody = {
      ...(invited ? withCorporate(values, false) : values),
      redirect: search.get('redirect') ?? undefined,
      necessary_cookies_consent: consent.necessary,
      statistics_cookies_consent: consent.statistics,
      social_cookies_consent: consent.social,
    };
    if (invited) body.invitation_token = invitationToken;
    dispatch(overlayShown());
    register(body)
      .unwrap()
      .then((answer) => {
        setErrors({});
        if (answer.message) dispatch(flashSuccess(answer.message));
        void navigate(firstSafePath([answer.redirect], REGISTRATION_DEFAULT_REDIRECT));
      })
      .catch((failure: unknown) => {
        setErrors(firstMessages(failureFieldErrors(failure)));
        dispatch(flashError(t('registration.flash_error')));
      })
      .finally(() => dispatch(overlayDismissed()));
  };

  return (
    <AuthLayout title={t('screens.register')} lead={invited ? t('registration.invitation-lead') : t('registration.lead')} wide>
      {user && (
        <p className="notice notice--info">
          {t('registration.signed-in', { name: user.name })} <Link to="/profile">{t('nav.profile')}</Link>
        </p>
      )}
      <form className="form" noValidate onSubmit={submit}>
        <fieldset className="form-section">
          <legend>{t('registration.account-section')}</legend>
          <div className="form-grid">
            <TextField label={t('auth.fields.nick')} name="nick" autoComplete="nickname" required maxLength={AccountLimits.nickMax} value={values.nick} onValueChange={set('nick')} error={errors['nick']} />
            <TextField label={t('auth.fields.first-name')} name="first_name" autoComplete="given-name" required maxLength={AccountLimits.nameMax} value={values.first_name} onValueChange={set('first_name')} error={errors['first_name']} />
            <TextField label={t('auth.fields.last-name')} name="last_name" autoComplete="family-name" required maxLength={AccountLimits.nameMax} value={values.last_name} onValueChange={set('last_name')} error={errors['last_name']} />
            <TextField
              label={t('auth.fields.email')}
              type="email"
              name="email"
              autoComplete="email"
              required
              readOnly={invited}
              maxLength={AccountLimits.emailMax}
              hint={invited ? t('registration.email-from-invitation') : undefined}
              value={values.email}
              onValueChange={set('email')}
              error={errors['email'] ?? errors['invitation_token']}
            />
            <NewPasswordField label={t('auth.fields.password')} value={values.password} onValueChange={set('password')} error={errors['password']} />
            <TextField
              label={t('auth.fields.password-confirmation')}
              type="password"
              name="password_confirmation"
              autoComplete="new-password"
              required
              maxLength={AccountLimits.passwordMax}
              value={values.password_confirmation}
              onValueChange={set('password_confirmation')}
              error={errors['password_confirmation']}
            />
          </div>
        </fieldset>

        {!invited && (
          <fieldset className="form-section">
            <legend>{t('registration.type-section')}</legend>
            <CheckboxField label={t('registration.is-corporate')} name="is_corporate" checked={values.is_corporate} onCheckedChange={(checked) => setValues((previous) => withCorporate(previous, checked))} error={errors['is_corporate'] ?? errors['type']} />
            <p className="form-field__hint" aria-live="polite">
              {t('registration.type', { type: t(`registration.types.${values.type}`) })}
            </p>
          </fieldset>
        )}

        {corporate && (
          <fieldset className="form-section">
            <legend>{t('registration.company-section')}</legend>
            <p className="form-field__hint">
              <RichText text={t('registration.company-faq')} components={{ faq: (text) => <Link to="/articles/faq-corporate-account">{text}</Link> }} />
            </p>
            <div className="form-grid">
              <TextField label={t('registration.company.name')} name="company_name" autoComplete="organization" required maxLength={AccountLimits.companyNameMax} value={values.company_name} onValueChange={set('company_name')} error={errors['company_name']} />
              <TextField label={t('registration.company.code')} name="company_code" maxLength={AccountLimits.companyCodeMax} value={values.company_code} onValueChange={set('company_code')} error={errors['company_code']} />
              <TextField label={t('registration.company.vat')} name="vat_number" maxLength={AccountLimits.vatMax} value={values.vat_number} onValueChange={set('vat_number')} error={errors['vat_number']} />
              <Field label={t('registration.company.country')} required error={errors['company_country']}>
                {(control) => <CountrySelector {...control} name="company_country" value={values.company_country} onChange={set('company_country')} />}
              </Field>
              <TextField label={t('registration.company.city')} name="city" autoComplete="address-level2" required maxLength={AccountLimits.cityMax} value={values.city} onValueChange={set('city')} error={errors['city']} />
              <TextField label={t('registration.company.address')} name="address" autoComplete="street-address" required maxLength={AccountLimits.addressMax} value={values.address} onValueChange={set('address')} error={errors['address']} />
              <TextField label={t('registration.company.zip')} name="zip" autoComplete="postal-code" required maxLength={AccountLimits.zipMax} value={values.zip} onValueChange={set('zip')} error={errors['zip']} />
            </div>
          </fieldset>
        )}

        <CheckboxField
          label={
            <RichText
              text={t('registration.terms')}
              components={{
                terms: (text) => (
                  <Link to="/articles/terms-and-conditions" target="_blank" rel="noopener">
                    {text}
                  </Link>
                ),
              }}
            />
          }
          name="terms_and_conditions"
          required
          checked={values.terms_and_conditions}
          onCheckedChange={set('terms_and_conditions')}
          error={errors['terms_and_conditions']}
        />
        <CheckboxField label={t('registration.newsletters')} name="newsletters" checked={values.newsletters} onCheckedChange={set('newsletters')} error={errors['newsletters']} />

        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined}>
            {t('registration.submit')}
          </button>
        </div>
      </form>
      <p className="auth__switch">
        {t('registration.have-account')} <Link to="/login">{t('registration.login')}</Link>
      </p>
    </AuthLayout>
  );
}
