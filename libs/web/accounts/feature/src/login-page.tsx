import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginRequestSchema } from '@aero/contracts';
import { useCurrentUser, useLoginMutation } from '@aero/web-accounts-data-access';
import { CheckboxField, FormError, SchemaForm, serverMessageOr, SubmitButton, TextField, useSchemaForm } from '@aero/web-shared-ui';
import { AuthLayout } from './auth-layout.js';
import { firstSafePath } from './redirect.js';
import './accounts-feature.css';

/** The registration page, keeping the page the sign-in was asked for (the checkout) to return to. */
function registerPath(redirect: string | null): string {
  const back = firstSafePath([redirect], '');
  return back ? `/register?redirect=${encodeURIComponent(back)}` : '/register';
}

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
  const form = useSchemaForm(loginRequestSchema, { defaultValues: { email: '', password: '', remember: false } });
  const [login, { isLoading }] = useLoginMutation();

  return (
    <AuthLayout title={t('screens.login')} lead={t('auth.login.lead')} signedIn={user && t('auth.login.already', { name: user.name })}>
      <SchemaForm
        form={form}
        className="form"
        onSubmit={({ email, password, remember = false }) =>
          login({ email, password, remember })
            .unwrap()
            .then((answer) => void navigate(firstSafePath([search.get('redirect'), answer.redirect], '/')))
        }
        refusal={{
          message: (answer) =>
            answer.status === 429 ? serverMessageOr(answer, t('auth.login.throttled')) : Object.keys(answer.fields).length === 0 ? serverMessageOr(answer) : undefined,
        }}
      >
        <FormError />
        <TextField label={t('auth.fields.email')} type="email" name="email" autoComplete="email" required />
        <TextField label={t('auth.fields.password')} type="password" name="password" autoComplete="current-password" required />
        <CheckboxField label={t('auth.login.remember')} name="remember" />
        <div className="form-actions">
          <SubmitButton busy={isLoading}>{t('auth.login.submit')}</SubmitButton>
          <Link to="/password/reset">{t('auth.login.forgot')}</Link>
        </div>
      </SchemaForm>
      <p className="auth__switch">
        {t('auth.login.no-account')} <Link to={registerPath(search.get('redirect'))}>{t('auth.login.register')}</Link>
      </p>
    </AuthLayout>
  );
}
