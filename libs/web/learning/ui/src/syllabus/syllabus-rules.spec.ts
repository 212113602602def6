import { describe, expect, it } from '@jest/globals';
import type { SyllabusChapter } from '@aero/contracts';
import { syllabusChapterFixture } from '@aero/web-shared-testing';
import {
  activeChapter,
  canToggle,
  chapterColour,
  childrenSeconds,
  displayedSeconds,
  formatDuration,
  hasActiveDescendant,
  isFirstActive,
  isLocked,
  isOpen,
  isWatchingView,
  ownSeconds,
  showsEye,
  startsOpen,
  SYLLABUS_SLIDE_MS,
  toggle,
  type SyllabusNode,
} from './syllabus-rules.js';

let counter = 0;
/** A chapter: not completed, not active, not skippable, rewatchable, no duration, no children. */
function node(overrides: Partial<SyllabusChapter> = {}): SyllabusChapter {
  counter += 1;
  return syllabusChapterFixture(`chapter-${counter}`, { minutes: null, ...overrides });
}

describe('syllabus tree rules', () => {
  it('slides open and closed in 0.3 s', () => {
    expect(SYLLABUS_SLIDE_MS).toBe(300);
  });

  describe('toggling: only expandable nodes with children', () => {
    it('an expandable node with children toggles', () => {
      expect(canToggle(node({ expandable: true, children: [node()] }))).toBe(true);
    });
    it('an expandable node without children does not', () => {
      expect(canToggle(node({ expandable: true }))).toBe(false);
    });
    it('a node with children that is not expandable does not', () => {
      expect(canToggle(node({ expandable: false, children: [node()] }))).toBe(false);
    });
    it('a click flips the open state of a node that toggles, both ways', () => {
      const parent = node({ expandable: true, children: [node()] });
      const opened = toggle({ [parent.slug]: false }, parent, true);
      expect(isOpen(opened, parent, true)).toBe(true);
      expect(isOpen(toggle(opened, parent, true), parent, true)).toBe(false);
    });
    it('a node the learner did not click is as it started on the view; the first click flips that', () => {
      const parent = node({ expandable: true, children: [node({ is_active: true })] });
      expect(isOpen({}, parent, true)).toBe(true);
      expect(isOpen(toggle({}, parent, true), parent, true)).toBe(false);
      expect(isOpen({}, parent, false)).toBe(false);
      expect(isOpen(toggle({}, parent, false), parent, false)).toBe(true);
    });
    it('a click on a node that does not toggle changes nothing (the same state)', () => {
      const leaf = node({ expandable: true });
      const state = { [leaf.slug]: false };
      expect(toggle(state, leaf, true)).toBe(state);
      const fixed = node({ children: [node()] });
      const open = {};
      expect(toggle(open, fixed, false)).toBe(open);
      expect(isOpen(open, fixed, false)).toBe(true);
    });
    it('toggling one node leaves the others as they are', () => {
      const a = node({ expandable: true, children: [node()] });
      const b = node({ expandable: true, children: [node()] });
      expect(toggle({ [b.slug]: true }, a, false)).toEqual({ [a.slug]: true, [b.slug]: true });
    });
  });

  describe('the first active one: the chapters containing the active chapter', () => {
    it('a parent of the active chapter, at any depth', () => {
      const active = node({ is_active: true });
      const middle = node({ children: [node(), active] });
      const top = node({ children: [middle] });
      expect(hasActiveDescendant(top)).toBe(true);
      expect(isFirstActive(top)).toBe(true);
      expect(isFirstActive(middle)).toBe(true);
    });
    it('not the active chapter itself, its siblings or a chapter without an active descendant', () => {
      const active = node({ is_active: true });
      const sibling = node();
      node({ children: [active, sibling] });
      expect(isFirstActive(active)).toBe(false);
      expect(isFirstActive(sibling)).toBe(false);
      expect(hasActiveDescendant(node({ children: [node({ children: [node()] })] }))).toBe(false);
    });
  });

  describe('the locked icon', () => {
    it('shows on a chapter not completed, not active, not first-active and not skippable', () => {
      expect(isLocked(node())).toBe(true);
    });
    it('not on a completed chapter', () => {
      expect(isLocked(node({ is_completed: true }))).toBe(false);
    });
    it('not on the active chapter', () => {
      expect(isLocked(node({ is_active: true }))).toBe(false);
    });
    it('not on the first active one (a chapter containing the active chapter)', () => {
      expect(isLocked(node({ children: [node({ is_active: true })] }))).toBe(false);
    });
    it('not on a skippable chapter', () => {
      expect(isLocked(node({ is_skippable: true }))).toBe(false);
    });
    it('shows when the course is completed and the chapter cannot be rewatched and is not skippable', () => {
      expect(isLocked(node({ is_completed: true, is_completed_course: true, can_be_rewatched: false }))).toBe(true);
    });
    it('not after the course when the chapter can be rewatched', () => {
      expect(isLocked(node({ is_completed: true, is_completed_course: true, can_be_rewatched: true }))).toBe(false);
    });
    it('not after the course when the chapter is skippable', () => {
      expect(isLocked(node({ is_completed: true, is_completed_course: true, can_be_rewatched: false, is_skippable: true }))).toBe(false);
    });
    it('not on a completed chapter that cannot be rewatched while the course is not completed', () => {
      expect(isLocked(node({ is_completed: true, is_completed_course: false, can_be_rewatched: false }))).toBe(false);
    });
  });

  describe('the active chapter', () => {
    it('is found at any depth, in reading order', () => {
      const deep = node({ is_active: true });
      expect(activeChapter([node(), node({ children: [node({ children: [deep] })] })])).toBe(deep);
      expect(activeChapter([node({ children: [node()] })])).toBeNull();
    });
  });

  describe('the eye icon', () => {
    it('shows on the active chapter only', () => {
      expect(showsEye(node({ is_active: true }))).toBe(true);
      expect(showsEye(node({ is_completed: true }))).toBe(false);
      expect(showsEye(node({ children: [node({ is_active: true })] }))).toBe(false);
    });
  });

  describe('colour', () => {
    it('blue for the active chapter', () => {
      expect(chapterColour(node({ is_active: true }))).toBe('blue');
    });
    it('grey for a chapter not completed, not active and not first-active', () => {
      expect(chapterColour(node())).toBe('grey');
    });
    it('black for a completed chapter', () => {
      expect(chapterColour(node({ is_completed: true }))).toBe('black');
    });
    it('black for the first active one', () => {
      expect(chapterColour(node({ children: [node({ is_active: true })] }))).toBe('black');
    });
  });

  describe('duration', () => {
    it('is hours*3600 + minutes*60 + seconds', () => {
      expect(ownSeconds(node({ hours: 1, minutes: 2, seconds: 3 }))).toBe(3723);
      expect(ownSeconds(node({ hours: null, minutes: 5, seconds: null }))).toBe(300);
    });
    it('is empty without any part, or when every part is zero', () => {
      expect(ownSeconds(node())).toBeNull();
      expect(ownSeconds(node({ hours: 0, minutes: 0, seconds: 0 }))).toBeNull();
    });
    it("a parent's children sum: their own durations, an expandable child's own children, empty children skipped", () => {
      const parent = node({
        expandable: true,
        hours: 9,
        children: [
          node({ minutes: 10 }),
          node({}),
          node({ expandable: true, minutes: 99, children: [node({ minutes: 1, seconds: 30 }), node({ seconds: 30 })] }),
          node({ expandable: false, seconds: 15, children: [node({ hours: 5 })] }),
        ],
      });
      expect(childrenSeconds(parent)).toBe(600 + 120 + 15);
    });
    it('the children sum is empty when no child has a duration', () => {
      expect(childrenSeconds(node({ expandable: true, children: [node(), node()] }))).toBeNull();
      expect(childrenSeconds(node())).toBeNull();
    });
    it('a collapsed expandable parent shows the sum of its children', () => {
      const parent = node({ expandable: true, minutes: 50, children: [node({ minutes: 10 }), node({ minutes: 5 })] });
      expect(displayedSeconds(parent, false)).toBe(900);
    });
    it('an open expandable parent shows its own duration', () => {
      const parent = node({ expandable: true, minutes: 50, children: [node({ minutes: 10 })] });
      expect(displayedSeconds(parent, true)).toBe(3000);
      expect(displayedSeconds(node({ expandable: true, children: [node({ minutes: 10 })] }), true)).toBeNull();
    });
    it('a node that cannot be toggled shows its own duration, open or not', () => {
      const fixed = node({ seconds: 42, children: [node({ minutes: 10 })] });
      expect(displayedSeconds(fixed, false)).toBe(42);
      expect(displayedSeconds(node({ expandable: true, seconds: 7 }), false)).toBe(7);
    });
    it("shows '-' when empty", () => {
      expect(formatDuration(null)).toBe('-');
      expect(formatDuration(0, 'clock')).toBe('-');
    });
    it('shows h, min and s units, leaving out the zero ones', () => {
      expect(formatDuration(3723)).toBe('1 h 2 min 3 s');
      expect(formatDuration(3600, 'units')).toBe('1 h');
      expect(formatDuration(125)).toBe('2 min 5 s');
      expect(formatDuration(59)).toBe('59 s');
      expect(formatDuration(3605)).toBe('1 h 5 s');
    });
    it('or hh:mm:ss', () => {
      expect(formatDuration(3723, 'clock')).toBe('01:02:03');
      expect(formatDuration(59, 'clock')).toBe('00:00:59');
      expect(formatDuration(36_000 + 3599, 'clock')).toBe('10:59:59');
    });
  });

  describe('the watching view', () => {
    it('is the view of a learner enrolled whose content has not ended', () => {
      expect(isWatchingView({ content_ended: false })).toBe(true);
    });
    it('not after the content ended, nor for someone not enrolled', () => {
      expect(isWatchingView({ content_ended: true })).toBe(false);
      expect(isWatchingView(null)).toBe(false);
    });
  });

  describe('open at start', () => {
    it('watching: a non-expandable node starts open', () => {
      expect(startsOpen(node({ children: [node()] }), true)).toBe(true);
    });
    it('watching: an expandable node starts open when it is active', () => {
      expect(startsOpen(node({ expandable: true, is_active: true, children: [node()] }), true)).toBe(true);
    });
    it('watching: an expandable node starts open when a descendant is active', () => {
      expect(startsOpen(node({ expandable: true, children: [node({ children: [node({ is_active: true })] })] }), true)).toBe(true);
    });
    it('watching: an expandable node without the active chapter starts closed', () => {
      expect(startsOpen(node({ expandable: true, children: [node({ is_completed: true })] }), true)).toBe(false);
    });
    it('not watching: a node starts open only if it is not expandable', () => {
      expect(startsOpen(node({ children: [node()] }), false)).toBe(true);
      expect(startsOpen(node({ expandable: true, is_active: true, children: [node({ is_active: true })] }), false)).toBe(false);
    });
    it('every level of a tree, on both views', () => {
      const active = node({ is_active: true });
      const inner = node({ expandable: true, children: [active] });
      const openPath = node({ expandable: true, children: [inner] });
      const closed = node({ expandable: true, children: [node()] });
      const fixed = node({ children: [node({ expandable: true, children: [node()] })] });
      const watching = (n: SyllabusNode) => isOpen({}, n, true);
      expect([openPath, inner, active, closed, fixed, fixed.children[0]].map(watching)).toEqual([true, true, true, false, true, false]);
      const browsing = (n: SyllabusNode) => isOpen({}, n, false);
      expect([openPath, inner, closed, fixed, fixed.children[0]].map(browsing)).toEqual([false, false, false, true, false]);
    });
  });
});
