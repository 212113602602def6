import { Module } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module.js';
import { CertificateHolders } from './certificate-holders.js';
import { CertificateEmailsHandlers } from './certificates.event-handlers.js';
import { CertificatesRpcController } from './certificates.rpc.controller.js';
import { CertificatesService } from './certificates.service.js';

/** Certificates: their PDF (with the learner's personal information for certificates) and their e-mail. */
@Module({
  imports: [EmailsModule],
  controllers: [CertificatesRpcController],
  providers: [CertificatesService, CertificateHolders, CertificateEmailsHandlers],
})
export class CertificatesModule {}
