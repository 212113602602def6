/** Every BullMQ queue of the platform, in one place. */
export enum QueueName {
  EmailSend = 'email-send',
  DocumentRender = 'document-render',
  ShareResend = 'share-resend',
  ExamDeadline = 'exam-deadline',
  ExamGracePeriod = 'exam-grace-period',
  OrderExpiry = 'order-expiry',
  PaymentReconciliation = 'payment-reconciliation',
  PaymentRefund = 'payment-refund',
}

export interface EmailAttachment {
  filename: string;
  /** Base64 content; job payloads stay JSON-only. */
  contentBase64: string;
  contentType: string;
}

/** Typed, JSON-only payloads: `JobPayloads[QueueName.EmailSend]` is what an e-mail job carries. */
export interface JobPayloads {
  [QueueName.EmailSend]: {
    /** Stable key of this e-mail (e.g. `order-confirmation:<orderId>`); the job id is `jobIdFor(key)`. */
    key: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    attachments?: EmailAttachment[];
    /** The request or event chain that asked for the e-mail; the send's logs carry it. */
    correlationId?: string;
  };
  [QueueName.DocumentRender]: { kind: 'invoice' | 'ticket'; id: string };
  [QueueName.ShareResend]: { shareId: string };
  [QueueName.ExamDeadline]: { attemptId: string };
  [QueueName.ExamGracePeriod]: { examId: string; userId: string };
  [QueueName.OrderExpiry]: { orderId: string };
  [QueueName.PaymentReconciliation]: { paymentId: string };
  /** Give back the money of a payment attempt that cannot be used (status refund_due). */
  [QueueName.PaymentRefund]: { attemptId: string };
}
