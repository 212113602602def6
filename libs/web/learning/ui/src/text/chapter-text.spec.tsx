import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { ChapterText, headingLevel, parseChapterText } from './chapter-text.js';

describe('chapter text', () => {
  it('parts paragraphs by blank lines, keeps line breaks, and reads headings and lists', () => {
    expect(parseChapterText('# Safety\n\nFirst line\nsecond line\n\n- gloves\n* goggles\n1. isolate\n2) tag\nAfter\n## Next')).toEqual([
      { kind: 'heading', depth: 1, text: 'Safety' },
      { kind: 'paragraph', lines: ['First line', 'second line'] },
      { kind: 'list', ordered: false, items: ['gloves', 'goggles'] },
      { kind: 'list', ordered: true, items: ['isolate', 'tag'] },
      { kind: 'paragraph', lines: ['After'] },
      { kind: 'heading', depth: 2, text: 'Next' },
    ]);
    expect(parseChapterText('Intro\n- item\r\n\r\n### Deep')).toEqual([
      { kind: 'paragraph', lines: ['Intro'] },
      { kind: 'list', ordered: false, items: ['item'] },
      { kind: 'heading', depth: 3, text: 'Deep' },
    ]);
    expect(parseChapterText('  \n\n')).toEqual([]);
  });

  it("makes the text's highest headings h2 under the chapter's h1, wherever the text starts", () => {
    expect([1, 2, 3].map((depth) => headingLevel(depth, 1))).toEqual([2, 3, 4]);
    expect([2, 3].map((depth) => headingLevel(depth, 2))).toEqual([2, 3]);
    render(<ChapterText text={'## Electrical hazards\n\nText\n\n### Static\n\n## Fluids'} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Electrical hazards', 'Fluids']);
    expect(screen.getByRole('heading', { level: 3, name: 'Static' })).toBeTruthy();
  });

  it('shows markup as text and **bold** as strong', () => {
    const { container } = render(<ChapterText text={'# Torque\n\nUse a **calibrated** wrench <script>alert(1)</script>\n\n- **never** guess'} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Torque' })).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
    expect([...container.querySelectorAll('strong')].map((node) => node.textContent)).toEqual(['calibrated', 'never']);
    expect(screen.getByRole('listitem').textContent).toBe('never guess');
  });
});
