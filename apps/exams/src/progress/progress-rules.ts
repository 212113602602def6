import { LearningMessages, type ChapterCompletionReason, type ChapterKind } from '@aero/contracts';

/*
 * How a chapter is completed (spec: learning §2 course page, quiz; issue 14 "Progress"), as pure
 * functions: a video when it played to its end, or when the learner marks it done if the chapter
 * may be skipped; a text when the learner marks it done; a quiz only by answering every one of
 * its questions, right or wrong (issue 14: "answering all its questions completes the chapter");
 * a section by the chapters under it.
 */

export type CompletionDecision = { allowed: true } | { allowed: false; message: string };

export function completionDecision(chapter: { kind: ChapterKind; isSkippable: boolean }, reason: ChapterCompletionReason): CompletionDecision {
  switch (chapter.kind) {
    case 'section':
      return { allowed: false, message: LearningMessages.sectionHasNoContent };
    case 'quiz':
      return { allowed: false, message: LearningMessages.quizCompletesByAnswers };
    case 'video':
      if (reason === 'video_ended' || chapter.isSkippable) return { allowed: true };
      return { allowed: false, message: LearningMessages.videoMustEnd };
    case 'text':
      return { allowed: true };
  }
}

/**
 * A practice quiz is ungraded: it is completed once every one of its questions was answered at
 * least once, right or wrong.
 */
export function quizCompleted(totalQuestions: number, answered: number): boolean {
  return totalQuestions > 0 && answered >= totalQuestions;
}

/**
 * One line of the progress modal: 100 for a completed chapter; for a quiz not completed yet, the
 * share of its questions answered (right or wrong); else 0.
 */
export function chapterProgress(chapter: { completed: boolean; kind: ChapterKind; quizTotal: number; quizAnswered: number }): number {
  if (chapter.completed) return 100;
  if (chapter.kind === 'quiz' && chapter.quizTotal > 0) return Math.min(99, Math.floor((chapter.quizAnswered * 100) / chapter.quizTotal));
  return 0;
}
