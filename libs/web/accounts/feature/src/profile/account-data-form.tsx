import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLimits, type ProfileDto } from '@aero/contracts';
import { useUpdateAccountDataMutation } from '@aero/web-accounts-data-access';
import { firstMessages, TextField } from '@aero/web-shared-ui';
import { failureFieldErrors, failureMessage } from '@aero/web-shared-util';
import { FormStatus, type FormOutcome } from './form-status.js';

/** Account data (learning §2 profile): nick and names; the e-mail is read-only (docs/decisions.md #14). */
export function AccountDataForm({ profile }: { profile: ProfileDto }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ nick: profile.nick, first_name: profile.first_name, last_name: profile.last_name });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [update, { isLoading }] = useUpdateAccountDataMutation();
  const set = (field: keyof typeof values) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    update(values)
      .unwrap()
      .then((answer) => {
        setErrors({});
        setOutcome({ ok: true, text: answer.message ?? t('profile.saved') });
      })
      .catch((failure: unknown) => {
        setErrors(firstMessages(failureFieldErrors(failure)));
        setOutcome({ ok: false, text: failureMessage(failure) ?? t('errors.generic') });
      });
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('profile.account.title')}>
      <div className="form-grid">
        <TextField label={t('auth.fields.nick')} name="nick" required maxLength={AccountLimits.nickMax} value={values.nick} onValueChange={set('nick')} error={errors['nick']} />
        <TextField label={t('auth.fields.first-name')} name="first_name" autoComplete="given-name" required maxLength={AccountLimits.nameMax} value={values.first_name} onValueChange={set('first_name')} error={errors['first_name']} />
        <TextField label={t('auth.fields.last-name')} name="last_name" autoComplete="family-name" required maxLength={AccountLimits.nameMax} value={values.last_name} onValueChange={set('last_name')} error={errors['last_name']} />
        <TextField label={t('auth.fields.email')} type="email" name="email" readOnly value={profile.email} onValueChange={() => undefined} hint={t('profile.account.email-hint')} error={errors['email']} />
      </div>
      <FormStatus outcome={outcome} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined}>
          {t('profile.account.submit')}
        </button>
      </div>
    </form>
  );
}
