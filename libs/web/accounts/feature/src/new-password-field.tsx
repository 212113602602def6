import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLimits } from '@aero/contracts';
import { PasswordStrengthMeter } from '@aero/web-accounts-ui';
import { Field } from '@aero/web-shared-ui';

/**
 * The "choose a password" field of registration, password reset and password change: the rules
 * as a hint, the server's first error, and the strength meter read out with the field.
 */
export function NewPasswordField({
  label,
  value,
  onValueChange,
  error,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const meterId = useId();
  return (
    <Field label={label} required hint={t('registration.password-hint')} error={error}>
      {(control) => (
        <>
          <input
            {...control}
            aria-describedby={[control['aria-describedby'], meterId].filter(Boolean).join(' ')}
            type="password"
            name="password"
            autoComplete="new-password"
            className="form-field__input"
            maxLength={AccountLimits.passwordMax}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
          />
          <PasswordStrengthMeter id={meterId} password={value} />
        </>
      )}
    </Field>
  );
}
