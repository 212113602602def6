import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser, useResendVerificationMutation, useVerifyEmailMutation } from '@aero/web-accounts-data-access';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { failureFieldErrors, failureMessage } from '@aero/web-shared-util';
import { AuthLayout } from './auth-layout.js';
import { firstSafePath } from './redirect.js';
import './accounts-feature.css';

interface Outcome {
  ok: boolean;
  message: string;
}

/** The message of a failed verification or resend: the field message, else the server's, else a generic text. */
function failureText(failure: unknown, fallback: string): string {
  const fields = failureFieldErrors(failure);
  return fields['token']?.[0] ?? failureMessage(failure) ?? fallback;
}

/**
 * /email/verify?token= (learning §2): posts the token of the e-mail's link once and shows the
 * answer. Signed-in users whose address is not verified yet can ask for a new link. A link with
 * `&redirect=` (a registration that started at the checkout) goes back there once verified,
 * the answer as a success flash.
 */
export function EmailVerifyPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const back = firstSafePath([search.get('redirect')], '');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { user } = useCurrentUser();
  const [verify, { isLoading: verifying }] = useVerifyEmailMutation();
  const [resend, { isLoading: resending }] = useResendVerificationMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [resent, setResent] = useState<Outcome | null>(null);
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // Once per token, also under StrictMode's double effects: a token works only once.
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    verify({ token })
      .unwrap()
      .then((answer) => {
        const message = answer.message ?? t('auth.verify.done');
        if (!back) return setOutcome({ ok: true, message });
        dispatch(flashSuccess(message));
        void navigate(back, { replace: true });
      })
      .catch((failure: unknown) => setOutcome({ ok: false, message: failureText(failure, t('errors.generic')) }));
  }, [token, verify, t, back, dispatch, navigate]);

  const onResend = () => {
    setResent(null);
    resend()
      .unwrap()
      .then((answer) => setResent({ ok: true, message: answer.message ?? t('auth.verify.resent') }))
      .catch((failure: unknown) => setResent({ ok: false, message: failureText(failure, t('errors.generic')) }));
  };

  return (
    <AuthLayout title={t('screens.email-verify')}>
      {token === '' && <p>{user?.email_verified ? t('auth.verify.already') : t('auth.verify.check-inbox')}</p>}
      {token !== '' && verifying && <p role="status">{t('auth.verify.verifying')}</p>}
      {outcome && (
        <p className={`notice ${outcome.ok ? 'notice--success' : 'notice--error'}`} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </p>
      )}
      {user && !user.email_verified && (
        <div className="form-actions auth__resend">
          <button type="button" className="btn btn--secondary" onClick={onResend} disabled={resending} aria-busy={resending || undefined}>
            {t('auth.verify.resend')}
          </button>
        </div>
      )}
      {resent && (
        <p className={`notice ${resent.ok ? 'notice--success' : 'notice--error'}`} role={resent.ok ? 'status' : 'alert'}>
          {resent.message}
        </p>
      )}
      {outcome?.ok && (
        <p>
          <Link to={user ? '/profile' : '/login'}>{user ? t('nav.profile') : t('auth.login.submit')}</Link>
        </p>
      )}
    </AuthLayout>
  );
}
