import type { ExamRetryAvailable, QuestionAnswered } from '@aero/contracts';
import type { OutgoingEmail } from '../emails/emails.service.js';
import { composeEmail, formatDate, formatDateTime, PRODUCT_NAME } from '../emails/email-html.js';

type LearningEmail = Omit<OutgoingEmail, 'eventId'>;

/** One e-mail per answered question, whatever the number of times its event comes. */
export function questionAnsweredKey(questionId: string): string {
  return `question-answered:${questionId}`;
}

/** The instructor's answer, e-mailed to the learner who asked (issue 14 "Questions to the instructor"). */
export function questionAnsweredEmail(data: QuestionAnswered): LearningEmail {
  const subject = `The instructor answered your question about ${data.courseName} - ${PRODUCT_NAME}`;
  return composeEmail(questionAnsweredKey(data.questionId), data.learnerEmail, subject, data.learnerName, [
    `the instructor answered the question you asked on ${formatDate(data.askedAt)} about the course "${data.courseName}".`,
    `Your question: ${data.topic}\n${data.question}`,
    `The answer:\n${data.answer}`,
    'You find every question and its answer in the Questions and answers tab of the course:',
    { link: data.courseUrl, label: 'Open the course' },
  ]);
}

/** One e-mail per failed attempt whose grace period ended, whatever the number of times its event comes. */
export function examRetryAvailableKey(attemptId: string): string {
  return `exam-retry-available:${attemptId}`;
}

/** The grace period after a failed exam attempt ended: the learner may take the next attempt (issue 15). */
export function examRetryAvailableEmail(data: ExamRetryAvailable): LearningEmail {
  const subject = `You can take the exam of ${data.courseName} again - ${PRODUCT_NAME}`;
  return composeEmail(examRetryAvailableKey(data.attemptId), data.learnerEmail, subject, null, [
    `the waiting time after your last exam attempt in the course "${data.courseName}" ended on ${formatDateTime(data.availableAt)}.`,
    `You may now begin attempt ${data.nextAttemptNo} of ${data.maxAttempts}. The time of the exam starts when you press Begin.`,
    { link: data.examUrl, label: 'Open the exam' },
  ]);
}
