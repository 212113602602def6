import { chapterUrl, type ChapterKind, type QuizChoice, type SyllabusChapter } from '@aero/contracts';
import type { ChapterFile } from './syllabus-file.schema.js';

/*
 * The syllabus chapter tree (spec: learning §2 "Syllabus chapter tree", §3 Syllabus chapter) as
 * pure functions: a file's tree flattened into rows (depth first, numbered), the rows built back
 * into the tree a learner sees with their progress, and the rules of the active, completed and
 * locked chapters that the server enforces.
 */

/** A chapter's place in the tree (depth-first `position`) and its own settings, stored or read from a file. */
interface ChapterOutline {
  slug: string;
  position: number;
  level: number;
  number: string;
  name: string;
  subtitle: string | null;
  kind: ChapterKind;
  isSkippable: boolean;
  canBeRewatched: boolean;
  hours: number | null;
  minutes: number | null;
  seconds: number | null;
}

/** A chapter as stored. */
export interface ChapterRow extends ChapterOutline {
  id: string;
  parentId: string | null;
}

/** A chapter of a file, flattened: `parentSlug` instead of children. */
export interface FlatChapter extends ChapterOutline {
  parentSlug: string | null;
  text: string | null;
  videoUrl: string | null;
  quiz: { question: string; A: string; B: string; C: string; correct: QuizChoice; explanation: string | null }[];
}

export const MAX_LEVEL = 6;

/** A problem of a syllabus file, where it is (`chapters[2].children[0]`) and what is wrong. */
export interface SyllabusProblem {
  path: string;
  message: string;
}

/**
 * The kind of a chapter of a file: as written, else a section when it has children, a quiz when
 * it has questions, a video when it has a video, else text.
 */
export function kindOf(chapter: ChapterFile): ChapterKind {
  if (chapter.kind) return chapter.kind;
  if (chapter.children?.length) return 'section';
  if (chapter.quiz?.length) return 'quiz';
  if (chapter.video_url) return 'video';
  return 'text';
}

/**
 * Flattens a file's tree depth first, numbering chapters by their place (`2`, `2.1`, `2.1.3`)
 * unless the file gives a number, and answers every rule the tree breaks: a slug used twice, a
 * section without children, content on a section, children under a content chapter, a video
 * without its address, a quiz without questions, deeper than six levels.
 */
export function flattenSyllabus(chapters: ChapterFile[]): { rows: FlatChapter[]; problems: SyllabusProblem[] } {
  const rows: FlatChapter[] = [];
  const problems: SyllabusProblem[] = [];
  const seen = new Map<string, string>();
  const visit = (list: ChapterFile[], parent: FlatChapter | null, level: number, path: string) => {
    list.forEach((chapter, index) => {
      const here = `${path}[${index}]`;
      const kind = kindOf(chapter);
      const children = chapter.children ?? [];
      const problem = (message: string) => problems.push({ path: here, message });
      if (seen.has(chapter.slug)) problem(`the slug "${chapter.slug}" is already used by ${seen.get(chapter.slug)}`);
      else seen.set(chapter.slug, here);
      if (level > MAX_LEVEL) problem(`a syllabus has at most ${MAX_LEVEL} levels`);
      if (kind === 'section') {
        if (!children.length) problem('a section needs at least one chapter under it (children)');
        if (chapter.text || chapter.video_url || chapter.quiz?.length) problem('a section has no content of its own (text, video_url, quiz): put it in a chapter under it');
      } else {
        if (children.length) problem(`a ${kind} chapter cannot have chapters under it: make it a section`);
        if (kind === 'video' && !chapter.video_url) problem('a video chapter needs its video_url');
        if (kind === 'quiz' && !chapter.quiz?.length) problem('a quiz chapter needs at least one question (quiz)');
        if (kind !== 'quiz' && chapter.quiz?.length) problem(`a ${kind} chapter cannot have quiz questions: make it a quiz`);
      }
      const row: FlatChapter = {
        slug: chapter.slug,
        parentSlug: parent?.slug ?? null,
        position: rows.length,
        level,
        number: chapter.number?.trim() || (parent ? `${parent.number}.${index + 1}` : String(index + 1)),
        name: chapter.name,
        subtitle: chapter.subtitle?.trim() || null,
        kind,
        text: chapter.text?.trim() ? chapter.text : null,
        videoUrl: chapter.video_url ?? null,
        isSkippable: chapter.is_skippable ?? false,
        canBeRewatched: chapter.can_be_rewatched ?? true,
        hours: chapter.hours ?? null,
        minutes: chapter.minutes ?? null,
        seconds: chapter.seconds ?? null,
        quiz: (chapter.quiz ?? []).map((q) => ({ ...q, explanation: q.explanation ?? null })),
      };
      rows.push(row);
      visit(children, row, level + 1, `${here}.children`);
    });
  };
  visit(chapters, null, 1, 'chapters');
  return { rows, problems };
}

/** The chapters a learner completes (everything but sections), in the order of the syllabus. */
export function leafChapters<R extends Pick<ChapterRow, 'kind' | 'position'>>(rows: readonly R[]): R[] {
  return rows.filter((row) => row.kind !== 'section').sort((a, b) => a.position - b.position);
}

/** What the tree shows of a learner: which chapters they completed, whether they are enrolled and can study. */
export interface LearnerView {
  /** False on the non-watching view (not enrolled, or the content has ended): nothing active, all locked. */
  watching: boolean;
  completed: ReadonlySet<string>;
  courseCompleted: boolean;
}

/** The chapter the learner is on: the first not completed, in order; none when not watching or all are done. */
export function activeChapterId(rows: readonly ChapterRow[], view: LearnerView): string | null {
  if (!view.watching) return null;
  return leafChapters(rows).find((row) => !view.completed.has(row.id))?.id ?? null;
}

/**
 * The locked rule (spec: learning §2): a chapter is locked when it is not completed, not active
 * and not skippable; or when the course is completed and the chapter can neither be rewatched
 * nor skipped. On the non-watching view every chapter is locked.
 */
export function isLocked(chapter: { completed: boolean; active: boolean; skippable: boolean; rewatchable: boolean }, view: Pick<LearnerView, 'watching' | 'courseCompleted'>): boolean {
  if (!view.watching) return true;
  if (!chapter.completed && !chapter.active && !chapter.skippable) return true;
  return view.courseCompleted && !chapter.rewatchable && !chapter.skippable;
}

/** The leaf chapter after `chapterId` in the syllabus's order, or null at the end. */
export function nextLeaf(rows: readonly ChapterRow[], chapterId: string): ChapterRow | null {
  const leaves = leafChapters(rows);
  const current = rows.find((row) => row.id === chapterId);
  if (!current) return null;
  return leaves.find((row) => row.position > current.position) ?? null;
}

/**
 * The tree a learner sees (level-1 chapters at the top, children in order): a section is
 * completed when every chapter under it is; `is_active` is on at most one chapter;
 * `expandable` on every chapter with children.
 */
export function buildSyllabusTree(courseId: number, rows: readonly ChapterRow[], view: LearnerView): SyllabusChapter[] {
  const active = activeChapterId(rows, view);
  const ordered = [...rows].sort((a, b) => a.position - b.position);
  const nodes = new Map<string, SyllabusChapter>();
  const roots: SyllabusChapter[] = [];
  for (const row of ordered) {
    const node: SyllabusChapter = {
      slug: row.slug,
      name: row.name,
      number: row.number,
      subtitle: row.subtitle,
      level: row.level,
      children: [],
      expandable: false,
      is_completed: view.watching && row.kind !== 'section' && view.completed.has(row.id),
      is_active: row.id === active,
      is_skippable: row.isSkippable,
      can_be_rewatched: row.canBeRewatched,
      is_completed_course: view.watching && view.courseCompleted,
      chapter_url: chapterUrl(courseId, row.slug),
      hours: row.hours,
      minutes: row.minutes,
      seconds: row.seconds,
      kind: row.kind,
    };
    nodes.set(row.id, node);
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) {
      parent.children.push(node);
      parent.expandable = true;
    } else roots.push(node);
  }
  const settle = (node: SyllabusChapter): boolean => {
    if (node.kind !== 'section') return node.is_completed;
    const done = node.children.map(settle).every(Boolean);
    node.is_completed = view.watching && node.children.length > 0 && done;
    return node.is_completed;
  };
  roots.forEach(settle);
  return roots;
}
