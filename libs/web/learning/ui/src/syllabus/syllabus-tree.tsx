import type { SyllabusChapter } from '@aero/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  canToggle,
  chapterColour,
  displayedSeconds,
  formatDuration,
  isLocked,
  isOpen,
  showsEye,
  toggle,
  type DurationFormat,
  type OpenState,
} from './syllabus-rules.js';
import './syllabus.css';

export interface SyllabusTreeProps {
  chapters: readonly SyllabusChapter[];
  /**
   * A watching view (the learner studies the course: enrolled) opens the way to the active
   * chapter; a non-watching view opens only what cannot be collapsed.
   */
  watching: boolean;
  /** h/min/s units (default) or hh:mm:ss. */
  durationFormat?: DurationFormat;
  /** Names the tree (e.g. "Syllabus"). */
  label: string;
  /** The chapter shown beside the tree (the chapter page), marked as the current page. */
  currentSlug?: string;
}

/**
 * The syllabus chapter tree (spec: learning §2): every chapter links to its chapter_url; a
 * chapter that can be toggled (expandable, with children) has a button with aria-expanded that
 * slides its children open or closed in 0.3 s; the locked and eye icons, the colours and the
 * durations follow `syllabus-rules.ts`.
 */
export function SyllabusTree({ chapters, watching, durationFormat = 'units', label, currentSlug }: SyllabusTreeProps) {
  // What the learner opened or closed; everything else is as it starts on this view, also after
  // the syllabus is read again (a chapter completed).
  const [open, setOpen] = useState<OpenState>({});
  return (
    <ul className="syllabus" aria-label={label}>
      {chapters.map((chapter) => (
        <SyllabusItem
          key={chapter.slug}
          chapter={chapter}
          open={open}
          onToggle={(node) => setOpen((state) => toggle(state, node, watching))}
          watching={watching}
          durationFormat={durationFormat}
          currentSlug={currentSlug}
        />
      ))}
    </ul>
  );
}

interface SyllabusItemProps {
  chapter: SyllabusChapter;
  open: OpenState;
  onToggle: (chapter: SyllabusChapter) => void;
  watching: boolean;
  durationFormat: DurationFormat;
  currentSlug?: string;
}

function SyllabusItem({ chapter, open, onToggle, watching, durationFormat, currentSlug }: SyllabusItemProps) {
  const { t } = useTranslation();
  const childrenId = useId();
  const toggles = canToggle(chapter);
  const expanded = chapter.children.length > 0 && isOpen(open, chapter, watching);
  const locked = isLocked(chapter);
  const duration = formatDuration(displayedSeconds(chapter, expanded), durationFormat);
  return (
    <li className={`syllabus__item syllabus__item--level-${Math.min(chapter.level, 4)}`}>
      <div className={`syllabus__row syllabus__row--${chapterColour(chapter)}${chapter.slug === currentSlug ? ' syllabus__row--current' : ''}`}>
        {toggles ? (
          <button
            type="button"
            className="syllabus__toggle"
            aria-expanded={expanded}
            aria-controls={childrenId}
            aria-label={t('syllabus.toggle', { name: chapter.name })}
            onClick={() => onToggle(chapter)}
          >
            <span className="syllabus__chevron" aria-hidden="true" />
          </button>
        ) : (
          <span className="syllabus__toggle-space" aria-hidden="true" />
        )}
        <span className="syllabus__number">{chapter.number}</span>
        <span className="syllabus__title">
          <Link to={chapter.chapter_url} className="syllabus__link" aria-current={chapter.slug === currentSlug ? 'page' : undefined}>
            {chapter.name}
          </Link>
          {chapter.subtitle && <span className="syllabus__subtitle">{chapter.subtitle}</span>}
        </span>
        <span className="syllabus__duration" aria-label={duration === '-' ? t('syllabus.no-duration') : t('syllabus.duration', { duration })}>
          {duration}
        </span>
        <span className="syllabus__icons">
          {showsEye(chapter) && <EyeIcon label={t('syllabus.active')} />}
          {locked && <LockIcon label={t('syllabus.locked')} />}
        </span>
      </div>
      {chapter.children.length > 0 && (
        <div id={childrenId} className={`syllabus__children${expanded ? ' syllabus__children--open' : ''}`} inert={!expanded} aria-hidden={!expanded || undefined}>
          <div className="syllabus__children-inner">
            <ul className="syllabus__list">
              {chapter.children.map((child) => (
                <SyllabusItem key={child.slug} chapter={child} open={open} onToggle={onToggle} watching={watching} durationFormat={durationFormat} currentSlug={currentSlug} />
              ))}
            </ul>
          </div>
        </div>
      )}
    </li>
  );
}

function EyeIcon({ label }: { label: string }) {
  return (
    <svg className="syllabus__icon syllabus__icon--eye" viewBox="0 0 24 24" role="img" aria-label={label} focusable="false">
      <path d="M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z" fill="currentColor" />
    </svg>
  );
}

function LockIcon({ label }: { label: string }) {
  return (
    <svg className="syllabus__icon syllabus__icon--lock" viewBox="0 0 24 24" role="img" aria-label={label} focusable="false">
      <path d="M7 10V7a5 5 0 0 1 10 0v3h1.5A1.5 1.5 0 0 1 20 11.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 20.5v-9A1.5 1.5 0 0 1 5.5 10H7zm2 0h6V7a3 3 0 0 0-6 0v3z" fill="currentColor" />
    </svg>
  );
}
