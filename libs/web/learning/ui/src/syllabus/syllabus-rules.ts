import { chapterSeconds, type SyllabusChapter } from '@aero/contracts';

/*
 * The rules of the syllabus chapter tree (spec: learning §2 "Syllabus chapter tree (course
 * pages)"), as pure functions of a chapter and its place in the tree. The tree component only
 * renders what these answer.
 */

/** The fields of a chapter the rules read (a `SyllabusChapter` of the API has them all). */
export type SyllabusNode = Pick<
  SyllabusChapter,
  'slug' | 'expandable' | 'is_completed' | 'is_active' | 'is_skippable' | 'can_be_rewatched' | 'is_completed_course' | 'hours' | 'minutes' | 'seconds'
> & { children: readonly SyllabusNode[] };

/** The slide animation of opening and closing a chapter (spec: learning §2, §9: 0.3 s). */
export const SYLLABUS_SLIDE_MS = 300;

/**
 * Whether the tree is a watching view: the learner is enrolled in the course and its content has
 * not ended (docs/decisions.md, "Syllabus tree"); everyone else sees the non-watching view.
 */
export function isWatchingView(enrolment: { content_ended: boolean } | null): boolean {
  return enrolment !== null && !enrolment.content_ended;
}

/** Clicking toggles only nodes that have children and are expandable. */
export function canToggle(node: SyllabusNode): boolean {
  return node.expandable && node.children.length > 0;
}

/** Whether one of the node's descendants (not the node itself) is the active chapter. */
export function hasActiveDescendant(node: SyllabusNode): boolean {
  return node.children.some((child) => child.is_active || hasActiveDescendant(child));
}

/**
 * "The first active one": the chapters the learner passes through to reach the active chapter,
 * i.e. the ones containing it (docs/decisions.md). Such a chapter is open to the learner even
 * though it is neither completed nor itself active.
 */
export function isFirstActive(node: SyllabusNode): boolean {
  return !node.is_active && hasActiveDescendant(node);
}

/**
 * The locked icon: the chapter is not completed, not active, not the first active one and not
 * skippable; or the course is completed, the chapter cannot be rewatched and is not skippable.
 */
export function isLocked(node: SyllabusNode): boolean {
  const notReachedYet = !node.is_completed && !node.is_active && !isFirstActive(node) && !node.is_skippable;
  const closedAfterCourse = node.is_completed_course && !node.can_be_rewatched && !node.is_skippable;
  return notReachedYet || closedAfterCourse;
}

/** The eye icon shows on the active chapter. */
export function showsEye(node: SyllabusNode): boolean {
  return node.is_active;
}

export type SyllabusColour = 'grey' | 'blue' | 'black';

/** Grey for not completed, not active and not first-active; blue for active; black otherwise. */
export function chapterColour(node: SyllabusNode): SyllabusColour {
  if (node.is_active) return 'blue';
  if (!node.is_completed && !isFirstActive(node)) return 'grey';
  return 'black';
}

/**
 * A chapter's own duration in seconds (hours*3600 + minutes*60 + seconds), or null when it is
 * empty: no part given, or all of them zero.
 */
export function ownSeconds(node: SyllabusNode): number | null {
  const total = chapterSeconds(node);
  return total === null || total === 0 ? null : total;
}

/**
 * The sum of the children's durations; a child that is itself an expandable parent counts the
 * sum of its own children, as it shows when collapsed. Null when no child has a duration.
 */
export function childrenSeconds(node: SyllabusNode): number | null {
  let sum: number | null = null;
  for (const child of node.children) {
    const seconds = canToggle(child) ? childrenSeconds(child) : ownSeconds(child);
    if (seconds !== null) sum = (sum ?? 0) + seconds;
  }
  return sum;
}

/**
 * The duration a node shows: a collapsed expandable parent shows the sum of its children's
 * durations, every other node its own; null shows as '-'.
 */
export function displayedSeconds(node: SyllabusNode, open: boolean): number | null {
  if (canToggle(node) && !open) return childrenSeconds(node);
  return ownSeconds(node);
}

/** Either unit style of the spec: `1 h 5 min 3 s`, or `01:05:03`. */
export type DurationFormat = 'units' | 'clock';

/** The text of a duration: '-' when empty, else in h/min/s units or as hh:mm:ss. */
export function formatDuration(seconds: number | null, format: DurationFormat = 'units'): string {
  if (seconds === null || seconds <= 0) return '-';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (format === 'clock') return [h, m, s].map((part) => String(part).padStart(2, '0')).join(':');
  const parts: string[] = [];
  if (h > 0) parts.push(`${h} h`);
  if (m > 0) parts.push(`${m} min`);
  if (s > 0) parts.push(`${s} s`);
  return parts.join(' ');
}

/**
 * Whether a node starts open. On a watching view (the learner studies the course) a
 * non-expandable node starts open, and an expandable node only if it or a descendant is active;
 * on a non-watching view a node starts open only if it is not expandable.
 */
export function startsOpen(node: SyllabusNode, watching: boolean): boolean {
  if (!node.expandable) return true;
  if (!watching) return false;
  return node.is_active || hasActiveDescendant(node);
}

/** What the learner opened or closed, by slug; a node not in it is as it started. */
export type OpenState = Readonly<Record<string, boolean>>;

/** Whether a node is open: as the learner left it, else as it starts on this view. */
export function isOpen(state: OpenState, node: SyllabusNode, watching: boolean): boolean {
  return state[node.slug] ?? startsOpen(node, watching);
}

/** A click on a node: flips its open state when it can be toggled, else changes nothing. */
export function toggle(state: OpenState, node: SyllabusNode, watching: boolean): OpenState {
  if (!canToggle(node)) return state;
  return { ...state, [node.slug]: !isOpen(state, node, watching) };
}

/** The active chapter of a tree (where the learner is), in reading order; null when none is. */
export function activeChapter<T extends SyllabusNode>(nodes: readonly T[]): T | null {
  for (const node of nodes) {
    if (node.is_active) return node;
    const inside = activeChapter(node.children as readonly T[]);
    if (inside) return inside;
  }
  return null;
}
