import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the document title ("E-shop · AeroMaint Academy"; React 19 hoists <title> into <head>)
 * and the page's meta description (`description`, else the site's), which search engines and
 * link previews show under the title. index.html carries the site's description for the first
 * paint; this keeps that one element up to date rather than adding a second.
 */
export function PageTitle({ title, description }: { title: string; description?: string }) {
  const { t } = useTranslation();
  const text = description?.trim() || t('app.description');
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = text;
  }, [text]);
  return <title>{`${title} · ${t('app.name')}`}</title>;
}
