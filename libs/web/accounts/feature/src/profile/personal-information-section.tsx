import { useTranslation } from 'react-i18next';
import { AccountLimits, GENDERS, personalInformationRequestSchema, type PersonalInformationDto } from '@aero/contracts';
import { useSavePersonalInformationMutation } from '@aero/web-accounts-data-access';
import { ControlledField, DateInput, FactList, serverMessageOr, TextField, useSchemaForm } from '@aero/web-shared-ui';
import { ProfileSectionForm } from './form-status.js';

/**
 * Personal information for certificates (learning §3, §5): birth date (YYYY-MM-DD), gender and
 * birth place, fillable once; read-only afterwards with a note.
 */
export function PersonalInformationSection({ information }: { information: PersonalInformationDto }) {
  const { t } = useTranslation();
  if (information.filled) {
    return (
      <div className="personal-info">
        <FactList
          className="details-list"
          facts={[
            { label: t('profile.personal.birth-date'), value: information.birth_date ?? '—' },
            { label: t('profile.personal.gender'), value: information.gender ? t(`profile.personal.genders.${information.gender}`) : '—' },
            { label: t('profile.personal.birth-place'), value: information.birth_place || '—' },
          ]}
        />
        <p className="notice notice--info">{t('profile.personal.filled-note')}</p>
      </div>
    );
  }
  return <PersonalInformationForm />;
}

function PersonalInformationForm() {
  const { t } = useTranslation();
  const form = useSchemaForm(personalInformationRequestSchema, { defaultValues: { birth_date: '', gender: '', birth_place: '' } });
  const [save, { isLoading }] = useSavePersonalInformationMutation();

  return (
    <ProfileSectionForm
      form={form}
      label={t('profile.personal.title')}
      save={(values) => save(values).unwrap()}
      savedText={t('profile.saved')}
      // "Filled once" is answered under `personal_information`, which has no field here.
      refusalMessage={(answer) => answer.fields['personal_information'] ?? serverMessageOr(answer)}
      submitLabel={t('profile.personal.submit')}
      busy={isLoading}
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
    </ProfileSectionForm>
  );
}
