import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../icons/line-icon.js';
import { usePrefersReducedMotion } from './use-reduced-motion.js';
import './carousel.css';

export interface CarouselProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  getKey: (item: T, index: number) => string | number;
  /** Accessible name of the carousel ("Highlights"). */
  label: string;
  /** Items shown at once (home slides: 1, client logos: 3). */
  perPage?: number;
  /** Time on each page before moving on; `null` for no autoplay. */
  autoplayMs?: number | null;
  /** Length of the slide animation. */
  speedMs?: number;
  className?: string;
}

/**
 * Accessible carousel (WAI-ARIA carousel pattern): pages of `perPage` items, previous/next
 * buttons, one dot per page, autoplay that pauses while hovered or focused and on the pause
 * button, and neither autoplay nor animation when the user prefers reduced motion.
 */
export function Carousel<T>({
  items,
  renderItem,
  getKey,
  label,
  perPage = 1,
  autoplayMs = null,
  speedMs = 300,
  className = '',
}: CarouselProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const reducedMotion = usePrefersReducedMotion();
  const pageCount = Math.max(1, Math.ceil(items.length / perPage));
  const [page, setPage] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const current = Math.min(page, pageCount - 1);

  const canAutoplay = autoplayMs !== null && pageCount > 1 && !reducedMotion;
  const playing = canAutoplay && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!playing || autoplayMs === null) return;
    const timer = setTimeout(() => setPage((value) => (Math.min(value, pageCount - 1) + 1) % pageCount), autoplayMs);
    return () => clearTimeout(timer);
  }, [playing, autoplayMs, pageCount, current]);

  const go = (target: number) => setPage(((target % pageCount) + pageCount) % pageCount);
  // The last page is filled up with the items before it rather than left half empty.
  const firstShown = Math.max(0, Math.min(current * perPage, items.length - perPage));
  const offset = (firstShown * 100) / perPage;

  return (
    <section
      className={`carousel ${className}`.trim()}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="carousel__viewport">
        <div
          id={`${id}-track`}
          className="carousel__track"
          aria-live={playing ? 'off' : 'polite'}
          style={{
            transform: `translateX(-${offset}%)`,
            transition: reducedMotion ? 'none' : `transform ${speedMs}ms ease`,
          }}
        >
          {items.map((item, index) => {
            const visible = index >= firstShown && index < firstShown + perPage;
            return (
              <div
                key={getKey(item, index)}
                className="carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={t('carousel.slide', { index: index + 1, count: items.length })}
                aria-hidden={!visible}
                inert={!visible}
                style={{ flexBasis: `${100 / perPage}%` }}
              >
                {renderItem(item, index)}
              </div>
            );
          })}
        </div>
      </div>

      {pageCount > 1 && (
        <div className="carousel__controls">
          {canAutoplay && (
            <button
              type="button"
              className="carousel__button carousel__play"
              aria-label={stopped ? t('carousel.play') : t('carousel.pause')}
              onClick={() => setStopped((value) => !value)}
            >
              {stopped ? (
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                  <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
                </svg>
              ) : (
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                  <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
                </svg>
              )}
            </button>
          )}
          <button
            type="button"
            className="carousel__button carousel__prev"
            aria-controls={`${id}-track`}
            aria-label={t('carousel.previous')}
            onClick={() => go(current - 1)}
          >
            <LineIcon viewBox="0 0 16 16" size={16} strokeWidth={2} d="M10 3L5 8l5 5" />
          </button>
          <div className="carousel__dots" role="group" aria-label={t('carousel.choose')}>
            {Array.from({ length: pageCount }, (_, index) => (
              <button
                key={index}
                type="button"
                className="carousel__dot"
                aria-controls={`${id}-track`}
                aria-label={t('carousel.go-to', { index: index + 1 })}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => go(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel__button carousel__next"
            aria-controls={`${id}-track`}
            aria-label={t('carousel.next')}
            onClick={() => go(current + 1)}
          >
            <LineIcon viewBox="0 0 16 16" size={16} strokeWidth={2} d="M6 3l5 5-5 5" />
          </button>
        </div>
      )}
    </section>
  );
}
