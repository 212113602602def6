import { certificateVerifyUrl, type CertificateIssued, type CertificatePdfDto, type CertificatePdfRequest } from '@aero/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { MailAttachment } from '../emails/email-attachments.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';
import { CertificateHolders } from './certificate-holders.js';
import { renderCertificatePdf } from './certificate-pdf.js';

/** What the PDF of a certificate is made from (the learner's personal information is read when it is rendered). */
export interface CertificateFacts {
  number: string;
  userId: string;
  learnerName: string;
  courseName: string;
  resultPercents: number;
  issuedAt: string;
}

interface CertificateRow {
  number: string;
  user_id: string;
  learner_name: string;
  course_name: string;
  result_percents: number;
  issued_at: Date;
}

export const CERTIFICATE_CONTENT_TYPE = 'application/pdf';

export function certificateFilename(number: string): string {
  return `certificate-${number}.pdf`;
}

/**
 * Certificate PDFs: rendered when asked (the learner's download, through the gateway once exams
 * said whose it is) and when their e-mail is sent (from the row kept from `certificate.issued`),
 * with the learner's personal information for certificates as accounts holds it then.
 */
@Injectable()
export class CertificatesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly holders: CertificateHolders,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  /** Keeps the issued certificate for its e-mail, once per number (inside the event's inbox transaction). */
  async record(manager: EntityManager, data: CertificateIssued, learnerName: string, eventId: string): Promise<void> {
    await manager.query(
      `INSERT INTO notifications.certificates (number, user_id, learner_name, course_name, result_percents, issued_at, event_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (number) DO NOTHING`,
      [data.number, data.userId, learnerName, data.courseName, data.resultPercents, data.issuedAt, eventId],
    );
  }

  /** `CertificateDocumentRpc.Pdf`: the certificate exams answered the caller, as a PDF. */
  async pdf(request: CertificatePdfRequest): Promise<CertificatePdfDto> {
    const pdf = await this.render(request);
    return { filename: certificateFilename(request.number), content_type: CERTIFICATE_CONTENT_TYPE, base64: pdf.toString('base64') };
  }

  /** The PDF attached to the certificate's e-mail, from the committed row. */
  async attachmentFor(number: string): Promise<MailAttachment> {
    const [row] = await this.dataSource.query<CertificateRow[]>(
      'SELECT number, user_id, learner_name, course_name, result_percents, issued_at FROM notifications.certificates WHERE number = $1',
      [number],
    );
    // Not committed yet (the job ran before the handler's transaction): the send is tried again.
    if (!row) throw new Error(`certificate ${number} is not recorded yet`);
    const content = await this.render({
      number: row.number,
      userId: row.user_id,
      learnerName: row.learner_name,
      courseName: row.course_name,
      resultPercents: row.result_percents,
      issuedAt: new Date(row.issued_at).toISOString(),
    });
    return { filename: certificateFilename(number), content, contentType: CERTIFICATE_CONTENT_TYPE };
  }

  private async render(facts: CertificateFacts): Promise<Buffer> {
    const holder = await this.holders.of(facts.userId);
    return renderCertificatePdf({
      number: facts.number,
      learnerName: facts.learnerName,
      birthDate: holder?.birthDate ?? null,
      birthPlace: holder?.birthPlace ?? null,
      courseName: facts.courseName,
      resultPercents: facts.resultPercents,
      issuedAt: new Date(facts.issuedAt),
      verifyUrl: certificateVerifyUrl(this.config.PUBLIC_BASE_URL, facts.number),
    });
  }
}
