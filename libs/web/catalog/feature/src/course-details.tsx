import { useTranslation } from 'react-i18next';
import type { ProductDetails } from '@aero/contracts';
import { FactList } from '@aero/web-shared-ui';
import './catalog-feature.css';

/** A course page's details: what it covers, study time, who it is for, the certificate. */
export function CourseDetails({ details }: { details: ProductDetails }) {
  const { t } = useTranslation();
  return (
    <section className="course-details" aria-labelledby="course-details-title">
      <h2 id="course-details-title" className="visually-hidden">
        {t('catalog.details.title')}
      </h2>
      <div className="course-details__covers">
        <h3>{t('catalog.details.covers')}</h3>
        <ul>
          {details.covers.map((topic) => (
            <li key={topic}>{topic}</li>
          ))}
        </ul>
      </div>
      <FactList
        className="course-details__facts"
        facts={[
          details.duration_hours !== null && { label: t('catalog.details.duration'), value: t('catalog.details.hours', { count: details.duration_hours }) },
          { label: t('catalog.details.audience'), value: details.audience },
          { label: t('catalog.details.certificate'), value: details.certificate },
        ]}
      />
    </section>
  );
}
