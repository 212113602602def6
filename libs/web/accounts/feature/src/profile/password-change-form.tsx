import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePasswordMutation } from '@aero/web-accounts-data-access';
import { firstMessages, TextField } from '@aero/web-shared-ui';
import { failureFieldErrors, failureMessage } from '@aero/web-shared-util';
import { FormStatus, type FormOutcome } from './form-status.js';
import { NewPasswordField } from '../new-password-field.js';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Password change (learning §2 profile): the current password, the new one and its confirmation. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [change, { isLoading }] = useChangePasswordMutation();
  const set = (field: keyof typeof values) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    change(values)
      .unwrap()
      .then((answer) => {
        setErrors({});
        setValues(EMPTY);
        setOutcome({ ok: true, text: answer.message ?? t('profile.password.saved') });
      })
      .catch((failure: unknown) => {
        setErrors(firstMessages(failureFieldErrors(failure)));
        setOutcome({ ok: false, text: failureMessage(failure) ?? t('errors.generic') });
      });
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('profile.password.title')}>
      <div className="form-grid">
        <TextField
          label={t('profile.password.current')}
          type="password"
          name="current_password"
          autoComplete="current-password"
          required
          value={values.current_password}
          onValueChange={set('current_password')}
          error={errors['current_password']}
        />
        <NewPasswordField label={t('auth.fields.new-password')} value={values.password} onValueChange={set('password')} error={errors['password']} />
        <TextField
          label={t('auth.fields.password-confirmation')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={values.password_confirmation}
          onValueChange={set('password_confirmation')}
          error={errors['password_confirmation']}
        />
      </div>
      <FormStatus outcome={outcome} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined}>
          {t('profile.password.submit')}
        </button>
      </div>
    </form>
  );
}
