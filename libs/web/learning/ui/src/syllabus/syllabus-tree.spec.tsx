import { describe, expect, it } from '@jest/globals';
import type { SyllabusChapter } from '@aero/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, syllabusChapterFixture } from '@aero/web-shared-testing';
import { SyllabusTree } from './syllabus-tree.js';

/** A chapter with no duration of its own unless given (a section's time is its children's). */
const chapter = (slug: string, overrides: Partial<SyllabusChapter> = {}) => syllabusChapterFixture(slug, { number: '1', minutes: null, ...overrides });

/** 7.1 (done) · 7.2 (open: 7.2.1 done, 7.2.2 active) · 7.3 (locked, two children). */
const SYLLABUS: SyllabusChapter[] = [
  chapter('safety', { name: 'Safety precautions', number: '7.1', is_completed: true, minutes: 12, subtitle: 'Aircraft and workshop' }),
  chapter('practices', {
    name: 'Workshop practices',
    number: '7.2',
    expandable: true,
    kind: 'section',
    children: [
      chapter('care-of-tools', { name: 'Care of tools', number: '7.2.1', level: 2, is_completed: true, minutes: 8, seconds: 30 }),
      chapter('dimensions', { name: 'Dimensions and tolerances', number: '7.2.2', level: 2, is_active: true, minutes: 10 }),
    ],
  }),
  chapter('tools', {
    name: 'Tools',
    number: '7.3',
    expandable: true,
    kind: 'section',
    children: [
      chapter('hand-tools', { name: 'Hand tools', number: '7.3.1', level: 2, hours: 1, minutes: 2, seconds: 3 }),
      chapter('power-tools', { name: 'Power tools', number: '7.3.2', level: 2, seconds: 57 }),
    ],
  }),
];

function row(name: string): HTMLElement {
  return screen.getByRole('link', { name }).closest('.syllabus__row') as HTMLElement;
}

describe('SyllabusTree', () => {
  it('links every chapter to its chapter_url and shows number, subtitle and duration', () => {
    renderWithProviders(<SyllabusTree chapters={SYLLABUS} watching label="Syllabus" />);
    const tree = screen.getByRole('list', { name: 'Syllabus' });
    expect(within(tree).getByRole('link', { name: 'Safety precautions' }).getAttribute('href')).toBe('/course/1007/chapter/safety');
    expect(screen.getByRole('link', { name: 'Dimensions and tolerances' }).getAttribute('href')).toBe('/course/1007/chapter/dimensions');
    expect(within(row('Safety precautions')).getByText('7.1')).toBeTruthy();
    expect(within(row('Safety precautions')).getByText('Aircraft and workshop')).toBeTruthy();
    expect(within(row('Safety precautions')).getByLabelText('Duration 12 min')).toBeTruthy();
  });

  it('watching: opens the way to the active chapter, which shows the eye in blue; later chapters are grey and locked', () => {
    renderWithProviders(<SyllabusTree chapters={SYLLABUS} watching label="Syllabus" />);
    const practices = screen.getByRole('button', { name: 'Chapters of Workshop practices' });
    const tools = screen.getByRole('button', { name: 'Chapters of Tools' });
    expect(practices.getAttribute('aria-expanded')).toBe('true');
    expect(tools.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(tools.getAttribute('aria-controls')!)!.hasAttribute('inert')).toBe(true);
    expect(within(row('Dimensions and tolerances')).getByRole('img', { name: 'You are here' })).toBeTruthy();
    expect(row('Dimensions and tolerances').className).toContain('syllabus__row--blue');
    expect(row('Workshop practices').className).toContain('syllabus__row--black');
    expect(within(row('Workshop practices')).queryByRole('img', { name: 'Locked' })).toBeNull();
    expect(row('Safety precautions').className).toContain('syllabus__row--black');
    expect(row('Tools').className).toContain('syllabus__row--grey');
    expect(within(row('Tools')).getByRole('img', { name: 'Locked' })).toBeTruthy();
    // A collapsed parent shows the sum of its children; an open one its own (none: '-').
    expect(within(row('Tools')).getByLabelText('Duration 1 h 3 min')).toBeTruthy();
    expect(within(row('Workshop practices')).getByLabelText('No duration').textContent).toBe('-');
  });

  it('a click on its button toggles a parent and its duration follows', () => {
    renderWithProviders(<SyllabusTree chapters={SYLLABUS} watching label="Syllabus" durationFormat="clock" />);
    const tools = screen.getByRole('button', { name: 'Chapters of Tools' });
    expect(within(row('Tools')).getByLabelText('Duration 01:03:00')).toBeTruthy();
    fireEvent.click(tools);
    expect(tools.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(tools.getAttribute('aria-controls')!)!.hasAttribute('inert')).toBe(false);
    expect(within(row('Tools')).getByLabelText('No duration')).toBeTruthy();
    expect(within(row('Hand tools')).getByLabelText('Duration 01:02:03')).toBeTruthy();
    fireEvent.click(tools);
    expect(tools.getAttribute('aria-expanded')).toBe('false');
  });

  it('non-watching: every expandable chapter starts closed; only toggleable chapters have a button', () => {
    const fixedParent = chapter('intro', { name: 'Introduction', children: [chapter('welcome', { name: 'Welcome', level: 2 })] });
    const emptySection = chapter('empty', { name: 'Coming later', expandable: true });
    renderWithProviders(<SyllabusTree chapters={[...SYLLABUS, fixedParent, emptySection]} watching={false} label="Syllabus" />);
    expect(screen.getByRole('button', { name: 'Chapters of Workshop practices' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Chapters of Introduction' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Chapters of Coming later' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Welcome' }).closest('[inert]')).toBeNull();
  });

  it('marks the chapter shown beside the tree as the current page', () => {
    renderWithProviders(<SyllabusTree chapters={SYLLABUS} watching label="Syllabus" currentSlug="care-of-tools" />);
    expect(screen.getByRole('link', { name: 'Care of tools' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Safety precautions' }).hasAttribute('aria-current')).toBe(false);
  });
});
