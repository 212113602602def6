import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLimits, AccountMessages, GENDERS, personalInformationRequestSchema, type PersonalInformationDto } from '@aero/contracts';
import { useSavePersonalInformationMutation } from '@aero/web-accounts-data-access';
import { ControlledField, DateInput, SchemaForm, serverMessageOr, SubmitButton, TextField, useSchemaForm } from '@aero/web-shared-ui';
import { FormStatus } from './form-status.js';

/**
 * Personal information for certificates (learning §3, §5): birth date (YYYY-MM-DD), gender and
 * birth place, fillable once; read-only afterwards with a note.
 */
export function PersonalInformationSection({ information }: { information: PersonalInformationDto }) {
  const { t } = useTranslation();
  if (information.filled) {
    return (
      <div className="personal-info">
        <dl className="details-list">
          <div>
            <dt>{t('profile.personal.birth-date')}</dt>
            <dd>{information.birth_date ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('profile.personal.gender')}</dt>
            <dd>{information.gender ? t(`profile.personal.genders.${information.gender}`) : '—'}</dd>
          </div>
          <div>
            <dt>{t('profile.personal.birth-place')}</dt>
            <dd>{information.birth_place || '—'}</dd>
          </div>
        </dl>
        <p className="notice notice--info">{t('profile.personal.filled-note')}</p>
      </div>
    );
  }
  return <PersonalInformationForm />;
}

function PersonalInformationForm() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useSchemaForm(personalInformationRequestSchema, { defaultValues: { birth_date: '', gender: '', birth_place: '' } });
  const [save, { isLoading }] = useSavePersonalInformationMutation();

  return (
    <SchemaForm
      form={form}
      className="form"
      aria-label={t('profile.personal.title')}
      onSubmit={(values) => {
        setSaved(null);
        return save(values)
          .unwrap()
          .then((answer) => setSaved(answer.message ?? t('profile.saved')));
      }}
      refusal={{
        invalidMessage: AccountMessages.formInvalid,
        // "Filled once" is answered under `personal_information`, which has no field here.
        message: (answer) => answer.fields['personal_information'] ?? serverMessageOr(answer),
        onRefused: () => setSaved(null),
      }}
    >
      <p className="form-field__hint">{t('profile.personal.once-hint')}</p>
      <div className="form-grid">
        <ControlledField name="birth_date" label={t('profile.personal.birth-date')} required hint={t('profile.personal.birth-date-hint')}>
          {(control, field) => <DateInput {...control} name={field.name} autoComplete="bday" value={field.value as string} onValueChange={field.onChange} onBlur={field.onBlur} />}
        </ControlledField>
        <ControlledField name="gender" label={t('profile.personal.gender')} required>
          {(control, field) => (
            <select {...control} name={field.name} className="form-field__input" value={field.value as string} onChange={field.onChange} onBlur={field.onBlur}>
              <option value="">{t('profile.personal.choose')}</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {t(`profile.personal.genders.${gender}`)}
                </option>
              ))}
            </select>
          )}
        </ControlledField>
        <TextField label={t('profile.personal.birth-place')} name="birth_place" maxLength={AccountLimits.birthPlaceMax} />
      </div>
      <FormStatus saved={saved} />
      <div className="form-actions">
        <SubmitButton busy={isLoading}>{t('profile.personal.submit')}</SubmitButton>
      </div>
    </SchemaForm>
  );
}
