import { LearningMessages } from '@aero/contracts';
import { chapterProgress, completionDecision, quizCompleted } from './progress-rules.js';

describe('chapter completion rules', () => {
  it('a video completes when it ended; marked done only when it may be skipped', () => {
    expect(completionDecision({ kind: 'video', isSkippable: false }, 'video_ended')).toEqual({ allowed: true });
    expect(completionDecision({ kind: 'video', isSkippable: false }, 'marked_done')).toEqual({ allowed: false, message: LearningMessages.videoMustEnd });
    expect(completionDecision({ kind: 'video', isSkippable: true }, 'marked_done')).toEqual({ allowed: true });
  });

  it('a text chapter is marked done', () => {
    expect(completionDecision({ kind: 'text', isSkippable: false }, 'marked_done')).toEqual({ allowed: true });
    expect(completionDecision({ kind: 'text', isSkippable: false }, 'video_ended')).toEqual({ allowed: true });
  });

  it('a quiz completes only by its answers, a section only by its chapters', () => {
    expect(completionDecision({ kind: 'quiz', isSkippable: true }, 'marked_done')).toEqual({ allowed: false, message: LearningMessages.quizCompletesByAnswers });
    expect(completionDecision({ kind: 'section', isSkippable: true }, 'marked_done')).toEqual({ allowed: false, message: LearningMessages.sectionHasNoContent });
  });

  it('a quiz is completed when every question was answered at least once, right or wrong (it is ungraded)', () => {
    expect(quizCompleted(3, 2)).toBe(false);
    expect(quizCompleted(3, 3)).toBe(true);
    expect(quizCompleted(0, 0)).toBe(false);
  });

  it('progress of a chapter: 100 when completed, a quiz by its questions answered (never 100 before it completes), else 0', () => {
    expect(chapterProgress({ completed: true, kind: 'video', quizTotal: 0, quizAnswered: 0 })).toBe(100);
    expect(chapterProgress({ completed: false, kind: 'video', quizTotal: 0, quizAnswered: 0 })).toBe(0);
    expect(chapterProgress({ completed: false, kind: 'quiz', quizTotal: 3, quizAnswered: 1 })).toBe(33);
    expect(chapterProgress({ completed: false, kind: 'quiz', quizTotal: 3, quizAnswered: 3 })).toBe(99);
    expect(chapterProgress({ completed: false, kind: 'quiz', quizTotal: 0, quizAnswered: 0 })).toBe(0);
  });
});
