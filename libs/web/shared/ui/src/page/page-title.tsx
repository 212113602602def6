import { useTranslation } from 'react-i18next';

/** Sets the document title ("E-shop · AeroMaint Academy"); React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return <title>{`${title} · ${t('app.name')}`}</title>;
}
