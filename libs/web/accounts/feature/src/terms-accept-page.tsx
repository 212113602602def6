import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { TERMS_DEFAULT_REDIRECT, termsAcceptanceRequestSchema, type TermsAcceptanceRequest } from '@aero/contracts';
import { useAcceptTermsMutation, useGetTermsQuery } from '@aero/web-accounts-data-access';
import { flashError, flashSuccess, overlayDismissed, overlayShown, useAppDispatch } from '@aero/web-shared-store';
import { FailureNotice, PageLoading, PageTitle, SchemaForm, SubmitButton, useSchemaForm } from '@aero/web-shared-ui';
import { firstSafePath } from './redirect.js';
import { TermsCheckbox } from './terms-checkbox.js';
import './accounts-feature.css';

/**
 * /terms/accept?redirect= (shop §2): the terms page body (`GET /api/terms`) and the acceptance
 * checkbox. Success goes to the answer's redirect (default /); a failure flashes
 * registration.flash_error and removes the loading overlay.
 */
export function TermsAcceptPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const { data: terms, isLoading, isError, error } = useGetTermsQuery();
  const form = useSchemaForm(termsAcceptanceRequestSchema, { defaultValues: { terms_and_conditions: false } });
  const [accept, { isLoading: accepting }] = useAcceptTermsMutation();
  const redirect = search.get('redirect') ?? undefined;

  const submit = async ({ terms_and_conditions }: TermsAcceptanceRequest) => {
    dispatch(overlayShown());
    try {
      const answer = await accept({ terms_and_conditions, redirect }).unwrap();
      if (answer.message) dispatch(flashSuccess(answer.message));
      void navigate(firstSafePath([answer.redirect, redirect], TERMS_DEFAULT_REDIRECT));
    } finally {
      dispatch(overlayDismissed());
    }
  };

  // Links of the body to pages of this site open without a reload.
  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    if (!anchor || anchor.target || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  return (
    <section className="page terms-accept" aria-labelledby="terms-title">
      <PageTitle title={t('terms.title')} />
      <h1 id="terms-title">{t('terms.title')}</h1>
      <p className="auth__lead">{t('terms.lead')}</p>
      {isLoading && <PageLoading />}
      {isError && <FailureNotice failure={error} />}
      {/* Trusted HTML of our own terms article (GET /api/terms). */}
      {terms && <div className="terms-accept__body article__body" tabIndex={0} aria-label={t('terms.body-label')} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: terms.body }} />}
      <SchemaForm
        form={form}
        className="form form-card terms-accept__form"
        onSubmit={submit}
        // No message above the fields: the flash says it.
        refusal={{ message: () => undefined, onRefused: () => dispatch(flashError(t('registration.flash_error'))) }}
      >
        <TermsCheckbox text={t('terms.accept')} />
        <div className="form-actions">
          <SubmitButton busy={accepting}>{t('terms.submit')}</SubmitButton>
        </div>
      </SchemaForm>
    </section>
  );
}
