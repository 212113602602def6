import { useTranslation } from 'react-i18next';
import { AccountLimits, accountDataRequestSchema, type ProfileDto } from '@aero/contracts';
import { useUpdateAccountDataMutation } from '@aero/web-accounts-data-access';
import { TextField, useSchemaForm } from '@aero/web-shared-ui';
import { ProfileSectionForm } from './form-status.js';

/** Account data (learning §2 profile): nick and names; the e-mail is read-only (docs/decisions.md #14). */
export function AccountDataForm({ profile }: { profile: ProfileDto }) {
  const { t } = useTranslation();
  const form = useSchemaForm(accountDataRequestSchema, {
    defaultValues: { nick: profile.nick, first_name: profile.first_name, last_name: profile.last_name, email: profile.email },
  });
  const [update, { isLoading }] = useUpdateAccountDataMutation();

  return (
    <ProfileSectionForm
      form={form}
      label={t('profile.account.title')}
      save={({ nick = '', first_name = '', last_name = '' }) => update({ nick, first_name, last_name }).unwrap()}
      savedText={t('profile.saved')}
      submitLabel={t('profile.account.submit')}
      busy={isLoading}
    >
      <div className="form-grid">
        <TextField label={t('auth.fields.nick')} name="nick" required maxLength={AccountLimits.nickMax} />
        <TextField label={t('auth.fields.first-name')} name="first_name" autoComplete="given-name" required maxLength={AccountLimits.nameMax} />
        <TextField label={t('auth.fields.last-name')} name="last_name" autoComplete="family-name" required maxLength={AccountLimits.nameMax} />
        <TextField label={t('auth.fields.email')} type="email" name="email" readOnly hint={t('profile.account.email-hint')} />
      </div>
    </ProfileSectionForm>
  );
}
