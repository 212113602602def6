import { z } from 'zod';

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
  EmployeeImport = 'employee-import',
}

const id = z.string().min(1);

const emailAttachmentSchema = z.object({
  filename: z.string().min(1),
  /** Base64 content; job payloads stay JSON-only. */
  contentBase64: z.string(),
  contentType: z.string().min(1),
});

export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;

/**
 * The payload of each queue's jobs: JSON only (no dates, buffers or class instances, which
 * would not survive Redis). A job is checked against its schema when it is added and again
 * before it runs.
 */
export const jobPayloadSchemas = {
  [QueueName.EmailSend]: z.object({
    /** Stable key of this e-mail (e.g. `order-confirmation:<orderId>`); the job id is `jobIdFor(key)`. */
    key: id,
    to: z.string().min(1),
    subject: z.string(),
    text: z.string(),
    html: z.string().optional(),
    attachments: z.array(emailAttachmentSchema).optional(),
    /** The request or event chain that asked for the e-mail; the send's logs carry it. */
    correlationId: z.string().optional(),
  }),
  [QueueName.DocumentRender]: z.object({ kind: z.enum(['invoice', 'ticket']), id }),
  [QueueName.ShareResend]: z.object({ shareId: id }),
  [QueueName.ExamDeadline]: z.object({ attemptId: id }),
  [QueueName.ExamGracePeriod]: z.object({ examId: id, userId: id }),
  [QueueName.OrderExpiry]: z.object({ orderId: id }),
  [QueueName.PaymentReconciliation]: z.object({ paymentId: id }),
  /** Give back the money of a payment attempt that cannot be used (status refund_due). */
  [QueueName.PaymentRefund]: z.object({ attemptId: id }),
  /** One step of an employee import: read and check the file's rows, or create the accepted ones. */
  [QueueName.EmployeeImport]: z.object({ importId: id, step: z.enum(['validate', 'import']) }),
} satisfies Record<QueueName, z.ZodType>;

/** Typed, JSON-only payloads: `JobPayloads[QueueName.EmailSend]` is what an e-mail job carries. */
export type JobPayloads = { [Q in QueueName]: z.infer<(typeof jobPayloadSchemas)[Q]> };
