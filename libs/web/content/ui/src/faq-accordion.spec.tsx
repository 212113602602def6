import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import type { FaqItemDto } from '@aero/contracts';
import { FAQ_VIDEO_HEIGHT } from '@aero/web-shared-util';
import { FaqAccordion } from './faq-accordion.js';

const ITEMS: FaqItemDto[] = [
  { id: 1, question: 'Are your courses approved by EASA?', answer: 'Our Part-66 modules are delivered by a Part-147 organisation.', type: 'text', youtube_key: null, visible: true },
  { id: 2, question: 'How long do I have access?', answer: 'Twelve months from the start.', type: 'text', youtube_key: null, visible: true },
  { id: 5, question: 'Watch: a tour of the platform', answer: 'A five-minute tour.', type: 'youtube', youtube_key: 'dQw4w9WgXcQ', visible: true },
];

const question = (name: string) => screen.getByRole('button', { name });

describe('FaqAccordion', () => {
  it('starts with every answer hidden; each question toggles its own answer', () => {
    render(<FaqAccordion items={ITEMS} />);
    const first = question('Are your courses approved by EASA?');
    const second = question('How long do I have access?');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    const firstAnswer = document.getElementById(first.getAttribute('aria-controls')!)!;
    const secondAnswer = document.getElementById(second.getAttribute('aria-controls')!)!;
    expect(firstAnswer.hidden).toBe(true);

    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(firstAnswer.hidden).toBe(false);
    expect(firstAnswer.textContent).toBe('Our Part-66 modules are delivered by a Part-147 organisation.');

    fireEvent.click(second);
    expect(firstAnswer.hidden).toBe(false);
    expect(secondAnswer.hidden).toBe(false);

    fireEvent.click(first);
    expect(firstAnswer.hidden).toBe(true);
    expect(secondAnswer.hidden).toBe(false);
  });

  it('without social-network consent, a video answer shows a click-to-load placeholder and no frame', () => {
    const allow = jest.fn();
    render(<FaqAccordion items={ITEMS} onAllowVideo={allow} />);
    fireEvent.click(question('Watch: a tour of the platform'));
    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept social-network cookies and play the video' }));
    expect(allow).toHaveBeenCalledTimes(1);
  });

  it('with social-network consent, embeds a video answer in a sandboxed, 720 high, privacy-friendly YouTube frame once opened', () => {
    render(<FaqAccordion items={ITEMS} videoConsent />);
    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(question('Watch: a tour of the platform'));
    const frame = screen.getByTitle('Video: Watch: a tour of the platform');
    expect(FAQ_VIDEO_HEIGHT).toBe(720);
    expect(frame.getAttribute('height')).toBe('720');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
  });

  it('leaves out items that are not visible', () => {
    render(<FaqAccordion items={[...ITEMS, { ...ITEMS[0], id: 7, question: 'Internal draft', visible: false }]} />);
    expect(screen.queryByRole('button', { name: 'Internal draft' })).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(3);
  });
});
