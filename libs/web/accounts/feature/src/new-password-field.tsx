import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountLimits } from '@aero/contracts';
import { PasswordStrengthMeter } from '@aero/web-accounts-ui';
import { Field, TextField, useFieldError } from '@aero/web-shared-ui';

/**
 * The "choose a password" field of registration, password reset and password change (the
 * `password` field of the surrounding form): the rules as a hint, the first error, and the
 * strength meter read out with the field.
 */
export function NewPasswordField({ label }: { label: string }) {
  const { t } = useTranslation();
  const meterId = useId();
  const { register } = useFormContext();
  const password = useWatch({ name: 'password' }) as string;
  return (
    <Field label={label} required hint={t('registration.password-hint')} error={useFieldError('password')}>
      {(control) => (
        <>
          <input
            {...control}
            aria-describedby={[control['aria-describedby'], meterId].filter(Boolean).join(' ')}
            type="password"
            autoComplete="new-password"
            className="form-field__input"
            maxLength={AccountLimits.passwordMax}
            {...register('password')}
          />
          <PasswordStrengthMeter id={meterId} password={password ?? ''} />
        </>
      )}
    </Field>
  );
}

/** The "repeat the password" field that goes with `NewPasswordField` (`password_confirmation`). */
export function PasswordConfirmationField() {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.password-confirmation')}
      type="password"
      name="password_confirmation"
      autoComplete="new-password"
      required
      maxLength={AccountLimits.passwordMax}
    />
  );
}
