import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '@aero/web-shared-ui';
import { ContactForm, type ContactFormProps } from './contact-form.js';
import './site-feature.css';

/** The anchor of the contact form (shop §2: "The address hash get-in-touch scrolls smoothly to it"). */
export const GET_IN_TOUCH_ANCHOR = 'get-in-touch';

/** /classroom-training: the classroom courses and the contact form under 'Get in Touch'. */
export function ClassroomTrainingPage(props: ContactFormProps) {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    if (hash !== `#${GET_IN_TOUCH_ANCHOR}`) return;
    section.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [hash]);

  return (
    <div className="page classroom">
      <PageTitle title={t('screens.classroom-training')} />
      <header className="classroom__intro">
        <h1>{t('screens.classroom-training')}</h1>
        <p className="classroom__lead">{t('classroom.lead')}</p>
        <ul className="classroom__points">
          <li>{t('classroom.points.instructors')}</li>
          <li>{t('classroom.points.location')}</li>
          <li>{t('classroom.points.groups')}</li>
        </ul>
        <a
          href={`#${GET_IN_TOUCH_ANCHOR}`}
          className="btn btn--primary"
          onClick={(event) => {
            event.preventDefault();
            section.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
            void navigate({ hash: GET_IN_TOUCH_ANCHOR }, { replace: true, preventScrollReset: true });
          }}
        >
          {t('classroom.cta')}
        </a>
      </header>
      <section id={GET_IN_TOUCH_ANCHOR} ref={section} className="classroom__contact form-card" aria-labelledby={`${GET_IN_TOUCH_ANCHOR}-title`} tabIndex={-1}>
        <h2 id={`${GET_IN_TOUCH_ANCHOR}-title`}>{t('contact.title')}</h2>
        <p>{t('classroom.contact-text')}</p>
        <ContactForm {...props} />
      </section>
    </div>
  );
}
