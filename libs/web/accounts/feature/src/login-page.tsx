import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser, useLoginMutation } from '@aero/web-accounts-data-access';
import { CheckboxField, firstMessages, TextField } from '@aero/web-shared-ui';
import { failureFieldErrors, failureMessage, failureStatus } from '@aero/web-shared-util';
import { AuthLayout } from './auth-layout.js';
import { firstSafePath } from './redirect.js';
import './accounts-feature.css';

/**
 * /login (learning §2, §8): e-mail, password and remember me. Wrong credentials come back under
 * the e-mail field ('Credentials do not match.'); throttling (429) shows the server's
 * 'Too many attempts, retry in {seconds} seconds'. Success goes to `?redirect=`, else the
 * server's redirect, else the home page.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { user } = useCurrentUser();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [login, { isLoading }] = useLoginMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    login({ email, password, remember })
      .unwrap()
      .then((answer) => {
        setErrors({});
        void navigate(firstSafePath([search.get('redirect'), answer.redirect], '/'));
      })
      .catch((failure: unknown) => {
        const status = failureStatus(failure);
        const fields = firstMessages(failureFieldErrors(failure));
        setErrors(fields);
        if (status === 429) setMessage(failureMessage(failure) ?? t('auth.login.throttled'));
        else if (Object.keys(fields).length === 0) setMessage(failureMessage(failure) ?? t('errors.generic'));
      });
  };

  return (
    <AuthLayout title={t('screens.login')} lead={t('auth.login.lead')}>
      {user && (
        <p className="notice notice--info">
          {t('auth.login.already', { name: user.name })} <Link to="/profile">{t('nav.profile')}</Link>
        </p>
      )}
      <form className="form" noValidate onSubmit={submit}>
        {message && (
          <p className="notice notice--error" role="alert">
            {message}
          </p>
        )}
        <TextField label={t('auth.fields.email')} type="email" name="email" autoComplete="email" required value={email} onValueChange={setEmail} error={errors['email']} />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
          error={errors['password']}
        />
        <CheckboxField label={t('auth.login.remember')} name="remember" checked={remember} onCheckedChange={setRemember} />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined}>
            {t('auth.login.submit')}
          </button>
          <Link to="/password/reset">{t('auth.login.forgot')}</Link>
        </div>
      </form>
      <p className="auth__switch">
        {t('auth.login.no-account')} <Link to="/register">{t('auth.login.register')}</Link>
      </p>
    </AuthLayout>
  );
}
