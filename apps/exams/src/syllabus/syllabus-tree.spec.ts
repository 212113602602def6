import { activeChapterId, buildSyllabusTree, flattenSyllabus, isLocked, kindOf, leafChapters, nextLeaf, type ChapterRow, type LearnerView } from './syllabus-tree.js';

const VIDEO = 'https://player.vimeo.com/video/76979871';

/** Rows of a flattened file, with ids `id-<slug>` and parents by id. */
function rowsOf(file: Parameters<typeof flattenSyllabus>[0]): ChapterRow[] {
  const { rows, problems } = flattenSyllabus(file);
  expect(problems).toEqual([]);
  // A stored row keeps the chapter's outline; the content (text, video, quiz) lives beside it.
  return rows.map(({ parentSlug, text, videoUrl, quiz, ...outline }) => ({ ...outline, id: `id-${outline.slug}`, parentId: parentSlug ? `id-${parentSlug}` : null }));
}

const FILE = [
  {
    slug: 'm1',
    name: 'Module',
    children: [
      { slug: 'm1-1', name: 'Intro', video_url: VIDEO, minutes: 5 },
      { slug: 'm1-2', name: 'Sub', children: [{ slug: 'm1-2-1', name: 'Reading', text: 'Read.', is_skippable: true }] },
      { slug: 'm1-q', name: 'Quiz', quiz: [{ question: 'Q?', A: 'a', B: 'b', C: 'c', correct: 'B' as const }] },
    ],
  },
  { slug: 'm2', name: 'Last', text: 'End.', can_be_rewatched: false },
];

const watching = (completed: string[], courseCompleted = false): LearnerView => ({ watching: true, completed: new Set(completed.map((s) => `id-${s}`)), courseCompleted });

describe('flattening a syllabus file', () => {
  it('reads the tree depth first, with levels, positions, numbers and kinds', () => {
    const rows = rowsOf(FILE);
    expect(rows.map((r) => [r.slug, r.level, r.position, r.number, r.kind, r.parentId])).toEqual([
      ['m1', 1, 0, '1', 'section', null],
      ['m1-1', 2, 1, '1.1', 'video', 'id-m1'],
      ['m1-2', 2, 2, '1.2', 'section', 'id-m1'],
      ['m1-2-1', 3, 3, '1.2.1', 'text', 'id-m1-2'],
      ['m1-q', 2, 4, '1.3', 'quiz', 'id-m1'],
      ['m2', 1, 5, '2', 'text', null],
    ]);
  });

  it('keeps a number the file gives and the defaults of the flags', () => {
    const { rows } = flattenSyllabus([{ slug: 'a', name: 'A', number: '7.1', text: 'x' }]);
    expect(rows[0]).toMatchObject({ number: '7.1', isSkippable: false, canBeRewatched: true, hours: null, minutes: null, seconds: null });
  });

  it('the kind: as written, else section with children, quiz with questions, video with a video, else text', () => {
    expect(kindOf({ slug: 'a', name: 'a', kind: 'text', video_url: VIDEO })).toBe('text');
    expect(kindOf({ slug: 'a', name: 'a', children: [{ slug: 'b', name: 'b' }] })).toBe('section');
    expect(kindOf({ slug: 'a', name: 'a', quiz: [{ question: 'q', A: 'a', B: 'b', C: 'c', correct: 'A' }] })).toBe('quiz');
    expect(kindOf({ slug: 'a', name: 'a', video_url: VIDEO })).toBe('video');
    expect(kindOf({ slug: 'a', name: 'a' })).toBe('text');
  });

  it('answers every broken rule with where it is', () => {
    const deep = (level: number): Parameters<typeof flattenSyllabus>[0][number] =>
      level === 7 ? { slug: `d${level}`, name: 'd', text: 'x' } : { slug: `d${level}`, name: 'd', children: [deep(level + 1)] };
    const { problems } = flattenSyllabus([
      { slug: 'a', name: 'A', kind: 'section' },
      { slug: 'a', name: 'again', text: 'x' },
      { slug: 's', name: 'S', kind: 'section', text: 'no', children: [{ slug: 's1', name: 's1', kind: 'text', text: 'x', children: [{ slug: 's2', name: 's2' }] }] },
      { slug: 'v', name: 'V', kind: 'video' },
      { slug: 'q', name: 'Q', kind: 'quiz' },
      { slug: 't', name: 'T', kind: 'text', quiz: [{ question: 'q', A: 'a', B: 'b', C: 'c', correct: 'A' }] },
      deep(1),
    ]);
    expect(problems).toEqual([
      { path: 'chapters[0]', message: 'a section needs at least one chapter under it (children)' },
      { path: 'chapters[1]', message: 'the slug "a" is already used by chapters[0]' },
      { path: 'chapters[2]', message: 'a section has no content of its own (text, video_url, quiz): put it in a chapter under it' },
      { path: 'chapters[2].children[0]', message: 'a text chapter cannot have chapters under it: make it a section' },
      { path: 'chapters[3]', message: 'a video chapter needs its video_url' },
      { path: 'chapters[4]', message: 'a quiz chapter needs at least one question (quiz)' },
      { path: 'chapters[5]', message: 'a text chapter cannot have quiz questions: make it a quiz' },
      { path: 'chapters[6].children[0].children[0].children[0].children[0].children[0].children[0]', message: 'a syllabus has at most 6 levels' },
    ]);
  });
});

describe('the chapter tree a learner sees', () => {
  const rows = rowsOf(FILE);

  it('leaves are the chapters to complete, in order; the next one follows the syllabus', () => {
    expect(leafChapters(rows).map((r) => r.slug)).toEqual(['m1-1', 'm1-2-1', 'm1-q', 'm2']);
    expect(nextLeaf(rows, 'id-m1-1')?.slug).toBe('m1-2-1');
    expect(nextLeaf(rows, 'id-m1')?.slug).toBe('m1-1');
    expect(nextLeaf(rows, 'id-m2')).toBeNull();
    expect(nextLeaf(rows, 'id-unknown')).toBeNull();
  });

  it('the active chapter is the first not completed; none when all are done or when not watching', () => {
    expect(activeChapterId(rows, watching([]))).toBe('id-m1-1');
    expect(activeChapterId(rows, watching(['m1-1', 'm1-q']))).toBe('id-m1-2-1');
    expect(activeChapterId(rows, watching(['m1-1', 'm1-2-1', 'm1-q', 'm2'], true))).toBeNull();
    expect(activeChapterId(rows, { watching: false, completed: new Set(), courseCompleted: false })).toBeNull();
  });

  it('builds the tree: children under their parents, expandable parents, completed sections, one active chapter', () => {
    const tree = buildSyllabusTree(1007, rows, watching(['m1-1', 'm1-2-1']));
    expect(tree.map((n) => n.slug)).toEqual(['m1', 'm2']);
    const [m1, m2] = tree;
    expect(m1).toMatchObject({ expandable: true, is_completed: false, is_active: false, level: 1, chapter_url: '/course/1007/chapter/m1', kind: 'section' });
    expect(m1.children.map((n) => [n.slug, n.is_completed, n.is_active, n.expandable])).toEqual([
      ['m1-1', true, false, false],
      ['m1-2', true, false, true],
      ['m1-q', false, true, false],
    ]);
    expect(m1.children[1].children[0]).toMatchObject({ slug: 'm1-2-1', level: 3, is_completed: true, is_skippable: true, children: [] });
    expect(m1.children[0]).toMatchObject({ hours: null, minutes: 5, seconds: null });
    expect(m2).toMatchObject({ expandable: false, is_completed: false, can_be_rewatched: false, is_completed_course: false });
  });

  it('a completed course: every chapter completed, none active, is_completed_course on each', () => {
    const tree = buildSyllabusTree(1, rows, watching(['m1-1', 'm1-2-1', 'm1-q', 'm2'], true));
    const all = (nodes: typeof tree): typeof tree => nodes.flatMap((n) => [n, ...all(n.children)]);
    expect(all(tree).every((n) => n.is_completed && !n.is_active && n.is_completed_course)).toBe(true);
  });

  it('the non-watching view: nothing completed or active, whatever the progress says', () => {
    const tree = buildSyllabusTree(1, rows, { watching: false, completed: new Set(['id-m1-1']), courseCompleted: true });
    const all = (nodes: typeof tree): typeof tree => nodes.flatMap((n) => [n, ...all(n.children)]);
    expect(all(tree).some((n) => n.is_completed || n.is_active || n.is_completed_course)).toBe(false);
  });
});

describe('the locked rule', () => {
  const open = { watching: true, courseCompleted: false };
  it('locked when not completed, not active and not skippable', () => {
    expect(isLocked({ completed: false, active: false, skippable: false, rewatchable: true }, open)).toBe(true);
    expect(isLocked({ completed: true, active: false, skippable: false, rewatchable: true }, open)).toBe(false);
    expect(isLocked({ completed: false, active: true, skippable: false, rewatchable: true }, open)).toBe(false);
    expect(isLocked({ completed: false, active: false, skippable: true, rewatchable: true }, open)).toBe(false);
  });

  it('in a completed course, locked when it can neither be rewatched nor skipped', () => {
    const done = { watching: true, courseCompleted: true };
    expect(isLocked({ completed: true, active: false, skippable: false, rewatchable: false }, done)).toBe(true);
    expect(isLocked({ completed: true, active: false, skippable: false, rewatchable: true }, done)).toBe(false);
    expect(isLocked({ completed: true, active: false, skippable: true, rewatchable: false }, done)).toBe(false);
    // Not rewatchable only matters once the course is completed.
    expect(isLocked({ completed: true, active: false, skippable: false, rewatchable: false }, open)).toBe(false);
  });

  it('everything is locked on the non-watching view', () => {
    expect(isLocked({ completed: true, active: true, skippable: true, rewatchable: true }, { watching: false, courseCompleted: false })).toBe(true);
  });
});
