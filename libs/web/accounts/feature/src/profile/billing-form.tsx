import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLimits, REGION_REQUIRED_COUNTRIES, type BillingInformationDto } from '@aero/contracts';
import { useGetBillingQuery, useUpdateBillingMutation, type BillingBody } from '@aero/web-accounts-data-access';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { CheckboxField, Field, firstMessages, PageLoading, TextField } from '@aero/web-shared-ui';
import { CountrySelector } from '@aero/web-site-feature';
import { failureFieldErrors, failureMessage } from '@aero/web-shared-util';
import { FormStatus, type FormOutcome } from './form-status.js';

/** Region is required for the United States, Canada and Mexico (learning §5). */
export function regionRequired(country: string): boolean {
  return (REGION_REQUIRED_COUNTRIES as readonly string[]).includes(country.toUpperCase());
}

/** The billing information section: the form once `GET /api/profile/billing` answered. */
export function BillingSection() {
  const { t } = useTranslation();
  const { data, isLoading, isError, error } = useGetBillingQuery();
  if (isLoading) return <PageLoading />;
  if (isError || !data) {
    return (
      <p className="notice notice--error" role="alert">
        {failureMessage(error) ?? t('errors.generic')}
      </p>
    );
  }
  return <BillingForm billing={data} />;
}

function formValues(billing: BillingInformationDto): BillingBody {
  const { updated_at: _updatedAt, ...values } = billing;
  return { ...values, to_company: Boolean(values.to_company) };
}

/**
 * The billing form in three columns (learning §2): bill to company, billing address, billing
 * contact. `PATCH /profile/billing`; server errors per field; the region hint for US, CA and MX;
 * the company fields only when billing to a company.
 */
export function BillingForm({ billing }: { billing: BillingInformationDto }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const [values, setValues] = useState<BillingBody>(() => formValues(billing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [update, { isLoading }] = useUpdateBillingMutation();
  const set =
    <K extends keyof BillingBody>(field: K) =>
    (value: BillingBody[K]) =>
      setValues((previous) => ({ ...previous, [field]: value }));
  const needsRegion = regionRequired(values.country);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    update(values)
      .unwrap()
      .then((answer) => {
        setErrors({});
        const text = answer.message ?? t('profile.billing.saved');
        setOutcome({ ok: true, text });
        dispatch(flashSuccess(text));
      })
      .catch((failure: unknown) => {
        setErrors(firstMessages(failureFieldErrors(failure)));
        setOutcome({ ok: false, text: failureMessage(failure) ?? t('errors.generic') });
      });
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('profile.billing.title')}>
      <div className="billing-columns">
        <fieldset className="billing-column" aria-labelledby={`${id}-company`}>
          <h3 id={`${id}-company`} className="billing-column__title">
            {t('profile.billing.company-column')}
          </h3>
          <CheckboxField label={t('profile.billing.to-company')} name="to_company" checked={values.to_company} onCheckedChange={set('to_company')} error={errors['to_company']} />
          {values.to_company && (
            <>
              <TextField label={t('profile.billing.company')} name="company" autoComplete="organization" required maxLength={AccountLimits.companyNameMax} value={values.company} onValueChange={set('company')} error={errors['company']} />
              <TextField label={t('profile.billing.company-code')} name="company_code" required maxLength={AccountLimits.companyCodeMax} value={values.company_code} onValueChange={set('company_code')} error={errors['company_code']} />
              <TextField label={t('profile.billing.vat')} name="vat" required maxLength={AccountLimits.vatMax} value={values.vat} onValueChange={set('vat')} error={errors['vat']} />
            </>
          )}
        </fieldset>

        <fieldset className="billing-column" aria-labelledby={`${id}-address`}>
          <h3 id={`${id}-address`} className="billing-column__title">
            {t('profile.billing.address-column')}
          </h3>
          <Field label={t('profile.billing.country')} required error={errors['country']}>
            {(control) => <CountrySelector {...control} name="country" value={values.country} onChange={set('country')} />}
          </Field>
          <TextField
            label={t('profile.billing.region')}
            name="region"
            autoComplete="address-level1"
            required={needsRegion}
            maxLength={AccountLimits.regionMax}
            hint={needsRegion ? t('profile.billing.region-required') : undefined}
            value={values.region}
            onValueChange={set('region')}
            error={errors['region']}
          />
          <TextField label={t('profile.billing.city')} name="city" autoComplete="address-level2" required maxLength={AccountLimits.cityMax} value={values.city} onValueChange={set('city')} error={errors['city']} />
          <TextField label={t('profile.billing.address')} name="address" autoComplete="street-address" required maxLength={AccountLimits.addressMax} value={values.address} onValueChange={set('address')} error={errors['address']} />
          <TextField label={t('profile.billing.zip')} name="zip" autoComplete="postal-code" required maxLength={AccountLimits.zipMax} value={values.zip} onValueChange={set('zip')} error={errors['zip']} />
        </fieldset>

        <fieldset className="billing-column" aria-labelledby={`${id}-contact`}>
          <h3 id={`${id}-contact`} className="billing-column__title">
            {t('profile.billing.contact-column')}
          </h3>
          <TextField label={t('profile.billing.person')} name="person" autoComplete="name" required maxLength={AccountLimits.companyNameMax} value={values.person} onValueChange={set('person')} error={errors['person']} />
          <TextField label={t('profile.billing.email')} type="email" name="email" autoComplete="email" required maxLength={AccountLimits.emailMax} value={values.email} onValueChange={set('email')} error={errors['email']} />
          <TextField label={t('profile.billing.phone')} type="tel" name="phone" autoComplete="tel" maxLength={AccountLimits.phoneMax} value={values.phone} onValueChange={set('phone')} error={errors['phone']} />
        </fieldset>
      </div>
      <FormStatus outcome={outcome} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined}>
          {t('profile.billing.submit')}
        </button>
      </div>
    </form>
  );
}
