import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLimits, AccountMessages, accountDataRequestSchema, type ProfileDto } from '@aero/contracts';
import { useUpdateAccountDataMutation } from '@aero/web-accounts-data-access';
import { SchemaForm, serverMessageOr, SubmitButton, TextField, useSchemaForm } from '@aero/web-shared-ui';
import { FormStatus } from './form-status.js';

/** Account data (learning §2 profile): nick and names; the e-mail is read-only (docs/decisions.md #14). */
export function AccountDataForm({ profile }: { profile: ProfileDto }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useSchemaForm(accountDataRequestSchema, {
    defaultValues: { nick: profile.nick, first_name: profile.first_name, last_name: profile.last_name, email: profile.email },
  });
  const [update, { isLoading }] = useUpdateAccountDataMutation();

  return (
    <SchemaForm
      form={form}
      className="form"
      aria-label={t('profile.account.title')}
      onSubmit={({ nick = '', first_name = '', last_name = '' }) => {
        setSaved(null);
        return update({ nick, first_name, last_name })
          .unwrap()
          .then((answer) => setSaved(answer.message ?? t('profile.saved')));
      }}
      refusal={{ invalidMessage: AccountMessages.formInvalid, message: (answer) => serverMessageOr(answer), onRefused: () => setSaved(null) }}
    >
      <div className="form-grid">
        <TextField label={t('auth.fields.nick')} name="nick" required maxLength={AccountLimits.nickMax} />
        <TextField label={t('auth.fields.first-name')} name="first_name" autoComplete="given-name" required maxLength={AccountLimits.nameMax} />
        <TextField label={t('auth.fields.last-name')} name="last_name" autoComplete="family-name" required maxLength={AccountLimits.nameMax} />
        <TextField label={t('auth.fields.email')} type="email" name="email" readOnly hint={t('profile.account.email-hint')} />
      </div>
      <FormStatus saved={saved} />
      <div className="form-actions">
        <SubmitButton busy={isLoading}>{t('profile.account.submit')}</SubmitButton>
      </div>
    </SchemaForm>
  );
}
