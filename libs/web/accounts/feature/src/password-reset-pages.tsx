import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AccountLimits } from '@aero/contracts';
import { useRequestPasswordResetMutation, useResetPasswordMutation } from '@aero/web-accounts-data-access';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { firstMessages, TextField } from '@aero/web-shared-ui';
import { failureFieldErrors, failureMessage } from '@aero/web-shared-util';
import { AuthLayout } from './auth-layout.js';
import { firstSafePath } from './redirect.js';
import './accounts-feature.css';
import { NewPasswordField } from './new-password-field.js';

/**
 * /password/reset (learning §2, §8): asks for the e-mail and sends the reset link. An unknown
 * address comes back under the field ("We can't find a user with that email address.").
 */
export function PasswordResetRequestPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [request, { isLoading }] = useRequestPasswordResetMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    request({ email })
      .unwrap()
      .then((answer) => {
        setErrors({});
        setMessage({ ok: true, text: answer.message ?? t('auth.reset.link-sent') });
      })
      .catch((failure: unknown) => {
        const fields = firstMessages(failureFieldErrors(failure));
        setErrors(fields);
        if (Object.keys(fields).length === 0) setMessage({ ok: false, text: failureMessage(failure) ?? t('errors.generic') });
      });
  };

  return (
    <AuthLayout title={t('screens.password-reset')} lead={t('auth.reset.request-lead')}>
      <form className="form" noValidate onSubmit={submit}>
        {message && (
          <p className={`notice ${message.ok ? 'notice--success' : 'notice--error'}`} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </p>
        )}
        <TextField label={t('auth.fields.email')} type="email" name="email" autoComplete="email" required value={email} onValueChange={setEmail} error={errors['email']} />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined}>
            {t('auth.reset.send-link')}
          </button>
          <Link to="/login">{t('auth.reset.back-to-login')}</Link>
        </div>
      </form>
    </AuthLayout>
  );
}

/**
 * /password/reset/:token?email= (learning §2, §8): the new password. An invalid, expired or used
 * token comes back under the e-mail ("This password reset token is invalid."); success goes to
 * the answer's redirect (/login) with its message.
 */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const [email, setEmail] = useState(search.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [reset, { isLoading }] = useResetPasswordMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    reset({ token, email, password, password_confirmation: confirmation })
      .unwrap()
      .then((answer) => {
        dispatch(flashSuccess(answer.message ?? t('auth.reset.done')));
        void navigate(firstSafePath([answer.redirect], '/login'));
      })
      .catch((failure: unknown) => {
        const fields = firstMessages(failureFieldErrors(failure));
        setErrors(fields);
        const tokenError = fields['token'];
        if (tokenError) setMessage(tokenError);
        else if (Object.keys(fields).length === 0) setMessage(failureMessage(failure) ?? t('errors.generic'));
      });
  };

  return (
    <AuthLayout title={t('screens.password-reset')} lead={t('auth.reset.new-lead')}>
      <form className="form" noValidate onSubmit={submit}>
        {message && (
          <p className="notice notice--error" role="alert">
            {message} <Link to="/password/reset">{t('auth.reset.request-again')}</Link>
          </p>
        )}
        <TextField label={t('auth.fields.email')} type="email" name="email" autoComplete="email" required value={email} onValueChange={setEmail} error={errors['email']} />
        <NewPasswordField label={t('auth.fields.new-password')} value={password} onValueChange={setPassword} error={errors['password']} />
        <TextField
          label={t('auth.fields.password-confirmation')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          maxLength={AccountLimits.passwordMax}
          value={confirmation}
          onValueChange={setConfirmation}
          error={errors['password_confirmation']}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined}>
            {t('auth.reset.submit')}
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
