import type { ExamRetryAvailable, QuestionAnswered } from '@aero/contracts';
import type { OutgoingEmail } from '../emails/emails.service.js';
import { formatDate, formatDateTime, greeting, htmlEmail, PRODUCT_NAME, type HtmlBlock } from '../emails/email-html.js';

type LearningEmail = Omit<OutgoingEmail, 'eventId'>;

/** One e-mail per answered question, whatever the number of times its event comes. */
export function questionAnsweredKey(questionId: string): string {
  return `question-answered:${questionId}`;
}

/** The instructor's answer, e-mailed to the learner who asked (issue 14 "Questions to the instructor"). */
export function questionAnsweredEmail(data: QuestionAnswered): LearningEmail {
  const subject = `The instructor answered your question about ${data.courseName} - ${PRODUCT_NAME}`;
  const parts: (string | { link: string; label: string })[] = [
    greeting(data.learnerName),
    `the instructor answered the question you asked on ${formatDate(data.askedAt)} about the course "${data.courseName}".`,
    `Your question: ${data.topic}\n${data.question}`,
    `The answer:\n${data.answer}`,
    'You find every question and its answer in the Questions and answers tab of the course:',
    { link: data.courseUrl, label: 'Open the course' },
    `Kind regards,\n${PRODUCT_NAME}`,
  ];
  const text = parts.map((part) => (typeof part === 'string' ? part : part.link)).join('\n\n') + '\n';
  const blocks: HtmlBlock[] = parts.map((part) => (typeof part === 'string' ? { paragraph: part } : part));
  return { key: questionAnsweredKey(data.questionId), to: data.learnerEmail, subject, text, html: htmlEmail(subject, blocks) };
}

/** One e-mail per failed attempt whose grace period ended, whatever the number of times its event comes. */
export function examRetryAvailableKey(attemptId: string): string {
  return `exam-retry-available:${attemptId}`;
}

/** The grace period after a failed exam attempt ended: the learner may take the next attempt (issue 15). */
export function examRetryAvailableEmail(data: ExamRetryAvailable): LearningEmail {
  const subject = `You can take the exam of ${data.courseName} again - ${PRODUCT_NAME}`;
  const parts: (string | { link: string; label: string })[] = [
    greeting(null),
    `the waiting time after your last exam attempt in the course "${data.courseName}" ended on ${formatDateTime(data.availableAt)}.`,
    `You may now begin attempt ${data.nextAttemptNo} of ${data.maxAttempts}. The time of the exam starts when you press Begin.`,
    { link: data.examUrl, label: 'Open the exam' },
    `Kind regards,\n${PRODUCT_NAME}`,
  ];
  const text = parts.map((part) => (typeof part === 'string' ? part : part.link)).join('\n\n') + '\n';
  const blocks: HtmlBlock[] = parts.map((part) => (typeof part === 'string' ? { paragraph: part } : part));
  return { key: examRetryAvailableKey(data.attemptId), to: data.learnerEmail, subject, text, html: htmlEmail(subject, blocks) };
}
