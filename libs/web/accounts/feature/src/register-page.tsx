import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AccountLimits, EMPTY_REGISTRATION, REGISTRATION_DEFAULT_REDIRECT, registrationRequestSchema, type RegistrationRequest } from '@aero/contracts';
import { useCurrentUser, useRegisterMutation, type RegistrationBody } from '@aero/web-accounts-data-access';
import { flashError, flashSuccess, overlayDismissed, overlayShown, useAppDispatch } from '@aero/web-shared-store';
import { CheckboxField, CountryField, RichText, SchemaForm, SubmitButton, TextField, useSchemaForm } from '@aero/web-shared-ui';
import { readConsent, useGetCountriesQuery } from '@aero/web-site-data-access';
import { AuthLayout } from './auth-layout.js';
import { firstSafePath } from './redirect.js';
import { TermsCheckbox } from './terms-checkbox.js';
import './accounts-feature.css';
import { NewPasswordField, PasswordConfirmationField } from './new-password-field.js';

/** The company fields of the registration form: shown for a corporate account, cleared when it is unticked. */
export const COMPANY_FIELDS = ['company_name', 'company_code', 'vat_number', 'company_country', 'city', 'address', 'zip'] as const;

/**
 * /register (shop §2, §3, §4, §5): every field of the registration form; account type student
 * (default) or company through is_corporate (ticking it sets type company, unticking sets
 * student and clears every company field); the invitation variant (`?invitation=<token>&email=`)
 * with a read-only e-mail and no corporate choice; the password hint and strength meter; terms
 * (required) and newsletters. Errors show under the fields; a refusal flashes
 * registration.flash_error and removes the loading overlay; success goes to the answer's redirect
 * (default /profile).
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const { user } = useCurrentUser();
  const { data: countries } = useGetCountriesQuery();
  const invitationToken = search.get('invitation') ?? '';
  const invited = invitationToken !== '';
  const form = useSchemaForm(registrationRequestSchema, {
    defaultValues: { ...EMPTY_REGISTRATION, email: invited ? (search.get('email') ?? '') : '', invitation_token: invitationToken },
  });
  const [register, { isLoading }] = useRegisterMutation();
  const [type, isCorporate] = form.watch(['type', 'is_corporate']);
  const corporate = isCorporate && !invited;

  const corporateChanged = (checked: boolean) => {
    form.setValue('type', checked ? 'company' : 'student');
    if (!checked) for (const field of COMPANY_FIELDS) form.setValue(field, '');
  };

  const submit = async ({ invitation_token, ...values }: RegistrationRequest) => {
    const consent = readConsent();
    const body: RegistrationBody = {
      ...values,
      type: values.type === 'company' ? 'company' : 'student',
      redirect: search.get('redirect') ?? undefined,
      necessary_cookies_consent: consent.necessary,
      statistics_cookies_consent: consent.statistics,
      social_cookies_consent: consent.social,
    };
    if (invited) body.invitation_token = invitation_token;
    dispatch(overlayShown());
    try {
      const answer = await register(body).unwrap();
      if (answer.message) dispatch(flashSuccess(answer.message));
      void navigate(firstSafePath([answer.redirect], REGISTRATION_DEFAULT_REDIRECT));
    } finally {
      dispatch(overlayDismissed());
    }
  };

  return (
    <AuthLayout
      title={t('screens.register')}
      lead={invited ? t('registration.invitation-lead') : t('registration.lead')}
      signedIn={user && t('registration.signed-in', { name: user.name })}
      wide
    >
      <SchemaForm
        form={form}
        className="form"
        onSubmit={submit}
        refusal={{
          shownUnder: { invitation_token: 'email', type: 'is_corporate' },
          // No message above the fields: the flash says it.
          message: () => undefined,
          onRefused: () => dispatch(flashError(t('registration.flash_error'))),
        }}
      >
        <fieldset className="form-section">
          <legend>{t('registration.account-section')}</legend>
          <div className="form-grid">
            <TextField label={t('auth.fields.nick')} name="nick" autoComplete="nickname" required maxLength={AccountLimits.nickMax} />
            <TextField label={t('auth.fields.first-name')} name="first_name" autoComplete="given-name" required maxLength={AccountLimits.nameMax} />
            <TextField label={t('auth.fields.last-name')} name="last_name" autoComplete="family-name" required maxLength={AccountLimits.nameMax} />
            <TextField
              label={t('auth.fields.email')}
              type="email"
              name="email"
              autoComplete="email"
              required
              readOnly={invited}
              maxLength={AccountLimits.emailMax}
              hint={invited ? t('registration.email-from-invitation') : undefined}
            />
            <NewPasswordField label={t('auth.fields.password')} />
            <PasswordConfirmationField />
          </div>
        </fieldset>

        {!invited && (
          <fieldset className="form-section">
            <legend>{t('registration.type-section')}</legend>
            <CheckboxField label={t('registration.is-corporate')} name="is_corporate" onCheckedChange={corporateChanged} />
            <p className="form-field__hint" aria-live="polite">
              {t('registration.type', { type: t(`registration.types.${type === 'company' ? 'company' : 'student'}`) })}
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
              <TextField label={t('registration.company.name')} name="company_name" autoComplete="organization" required maxLength={AccountLimits.companyNameMax} />
              <TextField label={t('registration.company.code')} name="company_code" maxLength={AccountLimits.companyCodeMax} />
              <TextField label={t('registration.company.vat')} name="vat_number" maxLength={AccountLimits.vatMax} />
              <CountryField label={t('registration.company.country')} name="company_country" required countries={countries} />
              <TextField label={t('registration.company.city')} name="city" autoComplete="address-level2" required maxLength={AccountLimits.cityMax} />
              <TextField label={t('registration.company.address')} name="address" autoComplete="street-address" required maxLength={AccountLimits.addressMax} />
              <TextField label={t('registration.company.zip')} name="zip" autoComplete="postal-code" required maxLength={AccountLimits.zipMax} />
            </div>
          </fieldset>
        )}

        <TermsCheckbox text={t('registration.terms')} />
        <CheckboxField label={t('registration.newsletters')} name="newsletters" />

        <div className="form-actions">
          <SubmitButton busy={isLoading}>{t('registration.submit')}</SubmitButton>
        </div>
      </SchemaForm>
      <p className="auth__switch">
        {t('registration.have-account')} <Link to="/login">{t('registration.login')}</Link>
      </p>
    </AuthLayout>
  );
}
