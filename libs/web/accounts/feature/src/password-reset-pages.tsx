import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { passwordResetLinkRequestSchema, passwordResetRequestSchema } from '@aero/contracts';
import { useRequestPasswordResetMutation, useResetPasswordMutation } from '@aero/web-accounts-data-access';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { FormError, SchemaForm, serverMessageOr, SubmitButton, TextField, useSchemaForm, type ServerFailure } from '@aero/web-shared-ui';
import { AuthLayout } from './auth-layout.js';
import { firstSafePath } from './redirect.js';
import './accounts-feature.css';
import { NewPasswordField, PasswordConfirmationField } from './new-password-field.js';

/** The server's message (else the generic one) when no field got a message. */
const messageWithoutFields = (answer: ServerFailure) => (Object.keys(answer.fields).length === 0 ? serverMessageOr(answer) : undefined);

/**
 * The new-password page of a reset link: `/password/reset/<token>?email=…`. Links e-mailed before
 * it had this form carried the token in the query (`/password/reset?token=…&email=…`); they still
 * work.
 */
export function passwordResetPath(token: string, email: string | null): string {
  return `/password/reset/${encodeURIComponent(token)}${email ? `?${new URLSearchParams({ email }).toString()}` : ''}`;
}

/**
 * /password/reset (learning §2, §8): asks for the e-mail and sends the reset link. An unknown
 * address comes back under the field ("We can't find a user with that email address."). With a
 * `token` in the query (a link in the older form), the new-password page opens instead.
 */
export function PasswordResetRequestPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  if (token) return <Navigate to={passwordResetPath(token, search.get('email'))} replace />;
  return <PasswordResetRequestForm />;
}

function PasswordResetRequestForm() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useSchemaForm(passwordResetLinkRequestSchema, { defaultValues: { email: '' } });
  const [request, { isLoading }] = useRequestPasswordResetMutation();

  return (
    <AuthLayout title={t('screens.password-reset')} lead={t('auth.reset.request-lead')}>
      <SchemaForm
        form={form}
        className="form"
        onSubmit={(values) => {
          setSent(null);
          return request(values)
            .unwrap()
            .then((answer) => setSent(answer.message ?? t('auth.reset.link-sent')));
        }}
        refusal={{ message: messageWithoutFields, onRefused: () => setSent(null) }}
      >
        {sent && (
          <p className="notice notice--success" role="status">
            {sent}
          </p>
        )}
        <FormError />
        <TextField label={t('auth.fields.email')} type="email" name="email" autoComplete="email" required />
        <div className="form-actions">
          <SubmitButton busy={isLoading}>{t('auth.reset.send-link')}</SubmitButton>
          <Link to="/login">{t('auth.reset.back-to-login')}</Link>
        </div>
      </SchemaForm>
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
  const form = useSchemaForm(passwordResetRequestSchema, { defaultValues: { token, email: search.get('email') ?? '', password: '', password_confirmation: '' } });
  const [reset, { isLoading }] = useResetPasswordMutation();

  return (
    <AuthLayout title={t('screens.password-reset')} lead={t('auth.reset.new-lead')}>
      <SchemaForm
        form={form}
        className="form"
        onSubmit={(values) =>
          reset({ ...values, token })
            .unwrap()
            .then((answer) => {
              dispatch(flashSuccess(answer.message ?? t('auth.reset.done')));
              void navigate(firstSafePath([answer.redirect], '/login'));
            })
        }
        // A bad token is answered under `token`, which has no field here: it heads the form.
        refusal={{ message: (answer) => answer.fields['token'] ?? messageWithoutFields(answer) }}
      >
        <FormError>
          {' '}
          <Link to="/password/reset">{t('auth.reset.request-again')}</Link>
        </FormError>
        <TextField label={t('auth.fields.email')} type="email" name="email" autoComplete="email" required />
        <NewPasswordField label={t('auth.fields.new-password')} />
        <PasswordConfirmationField />
        <div className="form-actions">
          <SubmitButton busy={isLoading}>{t('auth.reset.submit')}</SubmitButton>
        </div>
      </SchemaForm>
    </AuthLayout>
  );
}
