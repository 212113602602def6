import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLimits, GENDERS, type PersonalInformationDto } from '@aero/contracts';
import { useSavePersonalInformationMutation } from '@aero/web-accounts-data-access';
import { DateInput, Field, firstMessages, TextField } from '@aero/web-shared-ui';
import { failureFieldErrors, failureMessage } from '@aero/web-shared-util';
import { FormStatus, type FormOutcome } from './form-status.js';

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
  const [values, setValues] = useState({ birth_date: '', gender: '', birth_place: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [save, { isLoading }] = useSavePersonalInformationMutation();
  const set = (field: keyof typeof values) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    save(values)
      .unwrap()
      .then((answer) => {
        setErrors({});
        setOutcome({ ok: true, text: answer.message ?? t('profile.saved') });
      })
      .catch((failure: unknown) => {
        const fields = firstMessages(failureFieldErrors(failure));
        setErrors(fields);
        setOutcome({ ok: false, text: fields['personal_information'] ?? failureMessage(failure) ?? t('errors.generic') });
      });
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('profile.personal.title')}>
      <p className="form-field__hint">{t('profile.personal.once-hint')}</p>
      <div className="form-grid">
        <Field label={t('profile.personal.birth-date')} required hint={t('profile.personal.birth-date-hint')} error={errors['birth_date']}>
          {(control) => <DateInput {...control} name="birth_date" autoComplete="bday" value={values.birth_date} onValueChange={set('birth_date')} />}
        </Field>
        <Field label={t('profile.personal.gender')} required error={errors['gender']}>
          {(control) => (
            <select {...control} name="gender" className="form-field__input" value={values.gender} onChange={(event) => set('gender')(event.target.value)}>
              <option value="">{t('profile.personal.choose')}</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {t(`profile.personal.genders.${gender}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField label={t('profile.personal.birth-place')} name="birth_place" maxLength={AccountLimits.birthPlaceMax} value={values.birth_place} onValueChange={set('birth_place')} error={errors['birth_place']} />
      </div>
      <FormStatus outcome={outcome} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined}>
          {t('profile.personal.submit')}
        </button>
      </div>
    </form>
  );
}
