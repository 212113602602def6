import { CHAPTER_KINDS, CHAPTER_SLUG, QUIZ_CHOICES, type ChapterKind, type QuizChoice } from '@aero/contracts';
import { z } from 'zod';

/*
 * The file an operator imports a course's syllabus from (`npm run syllabus:import -- <file>`,
 * JSON or YAML; docs/syllabus-import.md). It holds the whole syllabus: chapters missing from it
 * are removed, the others are matched by their slug, so a learner's progress survives a
 * re-import of the same chapters.
 */

const text = (max: number) => z.string('must be text').trim().min(1, 'is required').max(max, `must have up to ${max} characters`);
const optionalText = (max: number) => z.string('must be text').trim().max(max, `must have up to ${max} characters`).nullish().transform((value) => (value ? value : null));
/** An external player: https only (it is shown in a sandboxed iframe). */
const playerUrl = z
  .string()
  .trim()
  .url('must be an address (https://...)')
  .max(500, 'must have up to 500 characters')
  .refine((value) => value.startsWith('https://'), 'must be an https:// address');

export const quizQuestionFileSchema = z.strictObject({
  question: text(1000),
  A: text(500),
  B: text(500),
  C: text(500),
  correct: z.enum(QUIZ_CHOICES, 'must be A, B or C'),
  explanation: optionalText(2000),
});

export interface ChapterFile {
  slug: string;
  name: string;
  number?: string | null;
  subtitle?: string | null;
  kind?: ChapterKind;
  text?: string | null;
  video_url?: string | null;
  is_skippable?: boolean;
  can_be_rewatched?: boolean;
  hours?: number | null;
  minutes?: number | null;
  seconds?: number | null;
  quiz?: { question: string; A: string; B: string; C: string; correct: QuizChoice; explanation?: string | null }[];
  children?: ChapterFile[];
}

const durationPart = (max: number) => z.number('must be a whole number').int('must be a whole number').min(0, 'must be 0 or more').max(max, `must be at most ${max}`).nullish();

export const chapterFileSchema: z.ZodType<ChapterFile> = z.lazy(() =>
  z.strictObject({
    slug: z.string().regex(CHAPTER_SLUG, 'must be lower-case letters, digits and dashes (at most 120)'),
    name: text(300),
    number: z.string().trim().max(20).nullish(),
    subtitle: z.string().trim().max(500).nullish(),
    kind: z.enum(CHAPTER_KINDS, `must be one of ${CHAPTER_KINDS.join(', ')}`).optional(),
    text: z.string().max(100_000).nullish(),
    video_url: playerUrl.nullish(),
    is_skippable: z.boolean().optional(),
    can_be_rewatched: z.boolean().optional(),
    hours: durationPart(999),
    minutes: durationPart(59),
    seconds: durationPart(59),
    quiz: z.array(quizQuestionFileSchema).max(50).optional(),
    children: z.array(chapterFileSchema).max(500).optional(),
  }),
);

export const courseFileSchema = z.strictObject({
  /** The catalogue's program id. */
  id: z.number("must be the catalogue's program id (a whole number)").int("must be the catalogue's program id (a whole number)").min(1, 'must be 1 or more').max(999_999_999, 'must be at most 999999999'),
  name: text(300),
  subtitle: optionalText(500),
  description: optionalText(5000),
  image: optionalText(500),
  demo_video_url: playerUrl.nullish().transform((value) => value ?? null),
});

/** One course and its whole syllabus. */
export const syllabusFileSchema = z.strictObject({
  course: courseFileSchema,
  chapters: z.array(chapterFileSchema, 'must be a list of chapters').min(1, 'needs at least one chapter').max(500, 'at most 500 chapters at the top level'),
});
export type SyllabusFile = z.output<typeof syllabusFileSchema>;

export const syllabusListFileSchema = z.strictObject({ courses: z.array(syllabusFileSchema).min(1).max(200) });
