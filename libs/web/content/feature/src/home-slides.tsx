import { useTranslation } from 'react-i18next';
import { useGetClientLogosQuery, useGetSlidesQuery } from '@aero/web-content-data-access';
import { ClientLogo, SlideView } from '@aero/web-content-ui';
import { Carousel } from '@aero/web-shared-ui';
import { CLIENT_LOGOS_PER_PAGE, SLIDES_AUTOPLAY_MS, SLIDES_PER_PAGE, SLIDES_SPEED_MS } from '@aero/web-shared-util';
import './content-feature.css';

/** Home slides carousel (shop §9): autoplay 5 s, 1.5 s transition, one slide per page. */
export function HomeSlides() {
  const { t } = useTranslation();
  const { data: slides, isLoading } = useGetSlidesQuery();
  if (isLoading) return <div className="home-slides home-slides--loading" aria-hidden="true" />;
  if (!slides || slides.length === 0) return null;
  return (
    <Carousel
      className="home-slides"
      label={t('content.slides.label')}
      items={slides}
      getKey={(slide, index) => `${index}:${slide.image}`}
      renderItem={(slide, index) => <SlideView slide={slide} first={index === 0} />}
      perPage={SLIDES_PER_PAGE}
      autoplayMs={SLIDES_AUTOPLAY_MS}
      speedMs={SLIDES_SPEED_MS}
    />
  );
}

/** Client logos carousel (shop §9: 3 per page). */
export function ClientLogos() {
  const { t } = useTranslation();
  const { data: logos } = useGetClientLogosQuery();
  if (!logos || logos.length === 0) return null;
  return (
    <section className="client-logos" aria-labelledby="client-logos-title">
      <h2 id="client-logos-title" className="client-logos__title">
        {t('content.clients.title')}
      </h2>
      <Carousel
        label={t('content.clients.label')}
        items={logos}
        getKey={(logo) => logo.name}
        renderItem={(logo) => <ClientLogo logo={logo} />}
        perPage={CLIENT_LOGOS_PER_PAGE}
        autoplayMs={SLIDES_AUTOPLAY_MS}
        speedMs={SLIDES_SPEED_MS}
      />
    </section>
  );
}
