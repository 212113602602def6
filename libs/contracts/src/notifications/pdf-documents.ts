/** The content type of every document notifications renders (invoices, certificates, tickets). */
export const PDF_CONTENT_TYPE = 'application/pdf';

/** A PDF rendered by notifications, as an RPC answer carries it. */
export interface PdfDocumentDto {
  filename: string;
  content_type: typeof PDF_CONTENT_TYPE;
  /** The PDF, base64-encoded (RPC payloads are JSON). */
  base64: string;
}
