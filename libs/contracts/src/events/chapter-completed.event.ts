import { z } from 'zod';
import { examsEvent } from './event-producers.js';

export const chapterCompletedSchema = z.object({
  enrolmentId: z.string().uuid(),
  userId: z.string(),
  programId: z.number().int(),
  chapterSlug: z.string(),
  chapterName: z.string(),
  /** How: its video played to the end, the learner marked it done, or every quiz question was answered (right or wrong). */
  reason: z.enum(['video_ended', 'marked_done', 'quiz_passed']),
  /** The course's overall percent after this chapter. */
  overall: z.number().int().min(0).max(100),
  completedAt: z.string(),
});
export type ChapterCompleted = z.infer<typeof chapterCompletedSchema>;

/** Published by the learning side (exams) once per chapter a learner completes. */
export const ChapterCompletedEvent = examsEvent('chapter.completed', 1, chapterCompletedSchema);
