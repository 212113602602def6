import { useTranslation } from 'react-i18next';
import { passwordChangeRequestSchema } from '@aero/contracts';
import { useChangePasswordMutation } from '@aero/web-accounts-data-access';
import { TextField, useSchemaForm } from '@aero/web-shared-ui';
import { ProfileSectionForm } from './form-status.js';
import { NewPasswordField, PasswordConfirmationField } from '../new-password-field.js';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Password change (learning §2 profile): the current password, the new one and its confirmation; emptied once changed. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const form = useSchemaForm(passwordChangeRequestSchema, { defaultValues: EMPTY });
  const [change, { isLoading }] = useChangePasswordMutation();

  return (
    <ProfileSectionForm
      form={form}
      label={t('profile.password.title')}
      save={(values) =>
        change(values)
          .unwrap()
          .then((answer) => {
            form.reset(EMPTY);
            return answer;
          })
      }
      savedText={t('profile.password.saved')}
      submitLabel={t('profile.password.submit')}
      busy={isLoading}
    >
      <div className="form-grid">
        <TextField label={t('profile.password.current')} type="password" name="current_password" autoComplete="current-password" required />
        <NewPasswordField label={t('auth.fields.new-password')} />
        <PasswordConfirmationField />
      </div>
    </ProfileSectionForm>
  );
}
