import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaqItemDto } from '@aero/contracts';
import { LineIcon } from '@aero/web-shared-ui';
import { FAQ_VIDEO_HEIGHT } from '@aero/web-shared-util';
import './content-ui.css';

/** The privacy-friendly YouTube player address of a video. */
export function youtubeEmbedUrl(key: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(key)}`;
}

export interface FaqAccordionProps {
  items: readonly FaqItemDto[];
  headingLevel?: 2 | 3;
  /** Spec: the video frame is 720 high. */
  videoHeight?: number;
  /**
   * Social-network cookies are accepted: a video answer embeds its player. Without them the answer
   * shows what the player would do and a button to accept and play (`onAllowVideo`); nothing is
   * fetched from the player's host before.
   */
  videoConsent?: boolean;
  /** The visitor asks for the video: accept the social-network cookies. */
  onAllowVideo?: () => void;
}

/**
 * FAQ accordion (shop §4: "Answers toggle visible per item"). Each question is a button that
 * shows or hides its answer; a video answer embeds its YouTube video in a sandboxed frame once
 * social-network cookies are accepted, and shows a click-to-load placeholder until then.
 */
export function FaqAccordion({ items, headingLevel = 2, videoHeight = FAQ_VIDEO_HEIGHT, videoConsent = false, onAllowVideo }: FaqAccordionProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const toggle = (itemId: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(itemId)) next.delete(itemId);
      else next.add(itemId);
      return next;
    });

  return (
    <div className="faq">
      {items
        .filter((item) => item.visible !== false)
        .map((item) => {
          const expanded = open.has(item.id);
          const buttonId = `${id}-question-${item.id}`;
          const panelId = `${id}-answer-${item.id}`;
          return (
            <div key={item.id} className={`faq__item${expanded ? ' faq__item--open' : ''}`}>
              <Heading className="faq__heading">
                <button
                  id={buttonId}
                  type="button"
                  className="faq__question"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => toggle(item.id)}
                >
                  <span>{item.question}</span>
                  <LineIcon className="faq__chevron" viewBox="0 0 16 16" size={16} strokeWidth={2} d="M3 6l5 5 5-5" />
                </button>
              </Heading>
              <div id={panelId} className="faq__answer" hidden={!expanded}>
                {item.answer && <p className="faq__text">{item.answer}</p>}
                {expanded && item.type === 'youtube' && item.youtube_key && !videoConsent && (
                  <div className="faq__video-consent">
                    <p>{t('content.faq.video-consent')}</p>
                    <button type="button" className="btn btn--primary" onClick={onAllowVideo}>
                      {t('content.faq.video-load')}
                    </button>
                  </div>
                )}
                {expanded && item.type === 'youtube' && item.youtube_key && videoConsent && (
                  <iframe
                    className="faq__video"
                    src={youtubeEmbedUrl(item.youtube_key)}
                    title={t('content.faq.video-title', { question: item.question })}
                    width="100%"
                    height={videoHeight}
                    sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
                    allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                    allowFullScreen
                    loading="lazy"
                    referrerPolicy="strict-origin-when-cross-origin"
                  />
                )}
              </div>
            </div>
          );
        })}
    </div>
  );
}
