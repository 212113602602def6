import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLimits, billingRequestSchema, regionRequired, type BillingInformationDto } from '@aero/contracts';
import { useGetBillingQuery, useUpdateBillingMutation, type BillingBody } from '@aero/web-accounts-data-access';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { CheckboxField, CountryField, PageLoading, TextField, useSchemaForm } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
import { useGetCountriesQuery } from '@aero/web-site-data-access';
import { ProfileSectionForm } from './form-status.js';

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
 * contact. `PATCH /profile/billing`; errors per field; the region hint for US, CA and MX; the
 * company fields only when billing to a company.
 */
export function BillingForm({ billing }: { billing: BillingInformationDto }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const form = useSchemaForm(billingRequestSchema, { defaultValues: formValues(billing) });
  const { data: countries } = useGetCountriesQuery();
  const [update, { isLoading }] = useUpdateBillingMutation();
  const [country, toCompany] = form.watch(['country', 'to_company']);
  const needsRegion = regionRequired(country);

  return (
    <ProfileSectionForm
      form={form}
      label={t('profile.billing.title')}
      save={(values) => update(values).unwrap()}
      savedText={t('profile.billing.saved')}
      onSaved={(text) => dispatch(flashSuccess(text))}
      submitLabel={t('profile.billing.submit')}
      busy={isLoading}
    >
      <div className="billing-columns">
        <fieldset className="billing-column" aria-labelledby={`${id}-company`}>
          <h3 id={`${id}-company`} className="billing-column__title">
            {t('profile.billing.company-column')}
          </h3>
          <CheckboxField label={t('profile.billing.to-company')} name="to_company" />
          {toCompany && (
            <>
              <TextField label={t('profile.billing.company')} name="company" autoComplete="organization" required maxLength={AccountLimits.companyNameMax} />
              <TextField label={t('profile.billing.company-code')} name="company_code" required maxLength={AccountLimits.companyCodeMax} />
              <TextField label={t('profile.billing.vat')} name="vat" required maxLength={AccountLimits.vatMax} />
            </>
          )}
        </fieldset>
        <fieldset className="billing-column" aria-labelledby={`${id}-address`}>
          <h3 id={`${id}-address`} className="billing-column__title">
            {t('profile.billing.address-column')}
          </h3>
          <CountryField label={t('profile.billing.country')} name="country" required countries={countries} />
          <TextField
            label={t('profile.billing.region')}
            name="region"
            autoComplete="address-level1"
            required={needsRegion}
            maxLength={AccountLimits.regionMax}
            hint={needsRegion ? t('profile.billing.region-required') : undefined}
          />
          <TextField label={t('profile.billing.city')} name="city" autoComplete="address-level2" required maxLength={AccountLimits.cityMax} />
          <TextField label={t('profile.billing.address')} name="address" autoComplete="street-address" required maxLength={AccountLimits.addressMax} />
          <TextField label={t('profile.billing.zip')} name="zip" autoComplete="postal-code" required maxLength={AccountLimits.zipMax} />
        </fieldset>
        <fieldset className="billing-column" aria-labelledby={`${id}-contact`}>
          <h3 id={`${id}-contact`} className="billing-column__title">
            {t('profile.billing.contact-column')}
          </h3>
          <TextField label={t('profile.billing.person')} name="person" autoComplete="name" required maxLength={AccountLimits.companyNameMax} />
          <TextField label={t('profile.billing.email')} type="email" name="email" autoComplete="email" required maxLength={AccountLimits.emailMax} />
          <TextField label={t('profile.billing.phone')} type="tel" name="phone" autoComplete="tel" maxLength={AccountLimits.phoneMax} />
        </fieldset>
      </div>
    </ProfileSectionForm>
  );
}
