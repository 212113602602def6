import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountMessages, passwordChangeRequestSchema } from '@aero/contracts';
import { useChangePasswordMutation } from '@aero/web-accounts-data-access';
import { SchemaForm, serverMessageOr, SubmitButton, TextField, useSchemaForm } from '@aero/web-shared-ui';
import { FormStatus } from './form-status.js';
import { NewPasswordField, PasswordConfirmationField } from '../new-password-field.js';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Password change (learning §2 profile): the current password, the new one and its confirmation; emptied once changed. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useSchemaForm(passwordChangeRequestSchema, { defaultValues: EMPTY });
  const [change, { isLoading }] = useChangePasswordMutation();

  return (
    <SchemaForm
      form={form}
      className="form"
      aria-label={t('profile.password.title')}
      onSubmit={(values) => {
        setSaved(null);
        return change(values)
          .unwrap()
          .then((answer) => {
            form.reset(EMPTY);
            setSaved(answer.message ?? t('profile.password.saved'));
          });
      }}
      refusal={{ invalidMessage: AccountMessages.formInvalid, message: (answer) => serverMessageOr(answer), onRefused: () => setSaved(null) }}
    >
      <div className="form-grid">
        <TextField label={t('profile.password.current')} type="password" name="current_password" autoComplete="current-password" required />
        <NewPasswordField label={t('auth.fields.new-password')} />
        <PasswordConfirmationField />
      </div>
      <FormStatus saved={saved} />
      <div className="form-actions">
        <SubmitButton busy={isLoading}>{t('profile.password.submit')}</SubmitButton>
      </div>
    </SchemaForm>
  );
}
