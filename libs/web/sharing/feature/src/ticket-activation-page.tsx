import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@aero/web-accounts-data-access';
import { SharingPages, useActivateTicketMutation } from '@aero/web-sharing-data-access';
import { PageTitle, SubmitButton } from '@aero/web-shared-ui';
import { failureFieldErrors, failureMessage } from '@aero/web-shared-util';
import './sharing-feature.css';

/**
 * The ticket activation screen (learning §2): the learner, signed in (or signing up first and
 * coming back), enters the code and the password printed on the ticket; a wrong code is 'The
 * activation code does not exists', and a ticket works once.
 */
export function TicketActivationPage() {
  const { t } = useTranslation();
  const { user, isLoading: loadingUser } = useCurrentUser();
  const [activate, { isLoading }] = useActivateTicketMutation();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [done, setDone] = useState<string | null>(null);
  const back = encodeURIComponent(SharingPages.activation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const answer = await activate({ code: code.trim(), password: password.trim() }).unwrap();
      setDone(answer.message);
    } catch (error) {
      const fields = failureFieldErrors(error);
      setErrors(Object.keys(fields).length ? fields : { code: [failureMessage(error) ?? t('errors.generic')] });
    }
  };

  return (
    <section className="page ticket-activation" aria-labelledby="activation-title">
      <PageTitle title={t('tickets.activation-title')} />
      <h1 id="activation-title">{t('tickets.activation-title')}</h1>
      {!loadingUser && !user && (
        <p>
          {t('tickets.sign-in-first')} <Link to={`/login?redirect=${back}`}>{t('tickets.sign-in')}</Link> ·{' '}
          <Link to={`/register?redirect=${back}`}>{t('tickets.sign-up')}</Link>
        </p>
      )}
      {done ? (
        <p className="notice notice--success" role="status">
          {done} <Link to={SharingPages.myCourses}>{t('my-courses.title')}</Link>
        </p>
      ) : (
        user && (
          <form className="form ticket-activation__form" onSubmit={(event) => void submit(event)} noValidate>
            <div className="form-field">
              <label htmlFor="ticket-code">{t('tickets.code')}</label>
              <input
                id="ticket-code"
                className="form-field__input"
                value={code}
                autoComplete="off"
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={errors.code ? 'ticket-code-error' : undefined}
                onChange={(e) => setCode(e.target.value)}
              />
              {errors.code && (
                <p id="ticket-code-error" className="form-field__error">
                  {errors.code[0]}
                </p>
              )}
            </div>
            <div className="form-field">
              <label htmlFor="ticket-password">{t('tickets.password')}</label>
              <input
                id="ticket-password"
                className="form-field__input"
                value={password}
                autoComplete="off"
                aria-invalid={errors.password ? true : undefined}
                onChange={(e) => setPassword(e.target.value)}
              />
              {errors.password && <p className="form-field__error">{errors.password[0]}</p>}
            </div>
            <SubmitButton busy={isLoading}>{t('tickets.activate')}</SubmitButton>
          </form>
        )
      )}
    </section>
  );
}
