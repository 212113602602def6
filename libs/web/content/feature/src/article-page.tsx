import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetArticleQuery } from '@aero/web-content-data-access';
import { serverMessage } from '@aero/web-shared-api';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import './content-feature.css';

/**
 * /articles/:slug: the article's title and body (trusted HTML from our own CMS), or a not-found
 * state for an unknown slug. Links inside the body to pages of this site open without a reload.
 */
export function ArticlePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { slug = '' } = useParams();
  const { data: article, isLoading, isError, error } = useGetArticleQuery(slug);

  if (isLoading) return <PageLoading label={t('content.article.loading')} />;
  if (isError || !article) {
    const notFound = !isError || (typeof error === 'object' && 'status' in error && error.status === 404);
    return (
      <section className="page article-missing" aria-labelledby="article-missing-title">
        <PageTitle title={t('content.article.not-found')} />
        <h1 id="article-missing-title">{notFound ? t('content.article.not-found') : t('errors.generic')}</h1>
        <p>{notFound ? t('content.article.not-found-hint') : (serverMessage(error) ?? t('errors.generic-hint'))}</p>
        <Link to="/" className="btn btn--primary">
          {t('content.article.home')}
        </Link>
      </section>
    );
  }

  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  const updated = new Date(article.updated_at);
  return (
    <article className="page article" aria-labelledby="article-title">
      <PageTitle title={article.title} />
      <h1 id="article-title">{article.title}</h1>
      {!Number.isNaN(updated.getTime()) && (
        <p className="article__updated">
          {t('content.article.updated', { date: updated.toLocaleDateString(i18n.language, { dateStyle: 'long' }) })}
        </p>
      )}
      {/* Trusted HTML written by the company in its CMS (ArticleDto.body). */}
      <div className="article__body" onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: article.body }} />
    </article>
  );
}
