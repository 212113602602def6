/** Error codes of the sharing-organize service (stable for clients; messages may be reworded). */
export const SharingErrorCode = {
  Validation: 'validation_failed',
  Forbidden: 'sharing.forbidden',
  NotFound: 'sharing.not_found',
  /** No seat of the course is left to share (or not enough for the recipients). */
  NotEnoughSeats: 'sharing.not_enough_seats',
  /** The learner already holds the course (409). */
  AlreadyReceived: 'course.already_received',
  /** A company cannot pass on a course another company shared with it. */
  SharingNotAllowed: 'course.sharing_not_allowed',
  RecallNotAllowed: 'course.recall_not_allowed',
  /** The action does not apply to the item in its status (resend a recalled item, ...). */
  InvalidTransition: 'sharing.invalid_transition',
  ActivationCodeMissing: 'ticket.activation_code_missing',
  TicketUsed: 'ticket.used',
  NotVerified: 'sharing.email_not_verified',
  StudentsIncorrect: 'organize.students_incorrect',
  StudentEmailMissing: 'organize.student_email_missing',
  NotEnoughCourses: 'organize.not_enough_courses',
  NotEnoughCertificates: 'organize.not_enough_certificates',
} as const;
export type SharingErrorCode = (typeof SharingErrorCode)[keyof typeof SharingErrorCode];

/**
 * The messages of sharing, word for word where the spec gives them (learning §5 Sharing, §8), and
 * one message per refusal where it only names the refusal ("recall not allowed").
 */
export const SharingMessages = {
  /** Multiple recipients: nothing written. */
  required: 'You need to write something!',
  /** More recipients than seats (also a single share when no seat is left). */
  notEnough: (n: number) => `You have only ${n} courses.`,
  tooMany: 'You cannot share more than 50 courses at once!',
  incorrectEmails: 'You have incorrect emails',
  duplicatedEmails: 'You have duplicated emails',
  /** A single recipient's address failed the e-mail check. */
  invalidEmail: 'Invalid email',
  shareTypeInvalid: 'The share type must be email or ticket.',
  alreadyReceived: 'Course already received: look for it in your profile',
  sharingNotAllowedCorporate: 'Sharing not allowed: a course shared with your company by another company cannot be shared again.',
  recallNotAllowedStarted: 'Recall not allowed: the learner has already started the course.',
  recallNotAllowedWindow: 'Recall not allowed: an accepted course can be recalled only within 14 days of its purchase.',
  recallNotAllowedStatus: 'Recall not allowed: the course was already recalled, cancelled or completed.',
  cancelNotAllowed: 'Cancel not allowed: only a shared course that was not accepted yet can be cancelled (recall an accepted one).',
  resendNotAllowed: 'Resend not allowed: only a shared course that was not accepted yet can be sent again.',
  shareNotFound: 'Share not found.',
  courseNotFound: 'You have no seats of this course.',
  forbidden: 'This action is unauthorized.',
  shared: 'The course was shared.',
  sharedMany: (n: number) => `${n} courses were shared.`,
  resent: 'The course was sent again.',
  cancelled: 'The share was cancelled.',
  recalled: 'The course was recalled.',
  bulkDone: (done: number, skipped: number) => `${done} done, ${skipped} skipped.`,
  skippedCreated: 'A created item is not sent yet: nothing to resend.',
  received: (n: number) => (n === 1 ? 'You received 1 course.' : `You received ${n} courses.`),
  emailNotVerified: 'Please verify your e-mail address to receive the courses shared with it.',
  /** Ticket activation (spec: learning §5 Billing and profile). */
  activationCodeMissing: 'The activation code does not exists',
  ticketUsed: 'This ticket was already used.',
  ticketActivated: 'The ticket was activated: the course is in My courses.',
  /** Organize course (spec: learning §8 Organize course). */
  studentsIncorrect: 'The students list is incorrect.',
  studentEmailMissing: 'A student e-mail is not filled in.',
  notEnoughCourses: 'Not enough courses.',
  notEnoughCertificates: 'Not enough certificates.',
} as const;
