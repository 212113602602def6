import { CertificateDocumentRpc, certificatePdfRequestSchema, type CertificatePdfRequest } from '@aero/contracts';
import { ZodPayload } from '@aero/backend-messaging';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { CertificatesService } from './certificates.service.js';

/**
 * The certificate as a PDF. The gateway asks exams for the certificate first (only its learner
 * and the administrators get it) and passes it here; nothing is stored.
 */
@Controller()
export class CertificatesRpcController {
  constructor(private readonly certificates: CertificatesService) {}

  @MessagePattern(CertificateDocumentRpc.Pdf.pattern)
  pdf(@ZodPayload(certificatePdfRequestSchema) request: CertificatePdfRequest) {
    return this.certificates.pdf(request);
  }
}
