import { Link } from 'react-router';
import type { ClientLogoDto, SlideDto } from '@aero/contracts';
import './content-ui.css';

/** The CMS's button classes in this design (`btn-primary` → `btn btn--primary`). */
export function slideButtonClass(buttonClass: string): string {
  const variant = /(?:^|\s)btn-(primary|secondary|light)(?:\s|$)/.exec(buttonClass)?.[1] ?? 'primary';
  return `btn btn--${variant}`;
}

/**
 * One home slide: its picture as the background, the body (trusted HTML from our own CMS) and a
 * button to `path`.
 */
export function SlideView({ slide, first = false }: { slide: SlideDto; first?: boolean }) {
  return (
    <div className="slide">
      {/* The first slide's picture is the home page's largest: fetched ahead of the others. */}
      <img className="slide__image" src={slide.image} alt="" width={1600} height={600} fetchPriority={first ? 'high' : 'auto'} />
      <div className="slide__content">
        <div className="slide__body" dangerouslySetInnerHTML={{ __html: slide.body }} />
        {slide.path && slide.buttonText && (
          <Link to={slide.path} className={slideButtonClass(slide.buttonClass)}>
            {slide.buttonText}
          </Link>
        )}
      </div>
    </div>
  );
}

/** A client's logo, linked to its site when it has one. */
export function ClientLogo({ logo }: { logo: ClientLogoDto }) {
  const image = <img className="client-logo__image" src={logo.image} alt={logo.name} width={240} height={96} loading="lazy" />;
  return (
    <div className="client-logo">
      {logo.url ? (
        <a href={logo.url} target="_blank" rel="noopener noreferrer">
          {image}
        </a>
      ) : (
        image
      )}
    </div>
  );
}
