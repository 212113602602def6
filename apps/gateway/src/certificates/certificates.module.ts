import { certificateAnswerSchema, certificateRevokeBodySchema, certificateSchema, certificateVerificationAnswerSchema, certificateVerificationSchema } from '@aero/contracts';
import { Module } from '@nestjs/common';
import { AccountGuard } from '../accounts/access/account.guard.js';
import { SignedInUsers } from '../accounts/access/signed-in-users.js';
import { nameSchemas } from '../openapi/zod-schemas.js';
import { CertificatesController } from './certificates.controller.js';

/* The component names of the certificate routes' schemas in the API document. */
nameSchemas({
  Certificate: certificateSchema,
  CertificateResponse: certificateAnswerSchema,
  CertificateVerification: certificateVerificationSchema,
  CertificateVerificationResponse: certificateVerificationAnswerSchema,
  CertificateRevokeDto: certificateRevokeBodySchema,
});

/** Certificates (issue 15): public verification, the PDF download, revocation by administrators. */
@Module({
  controllers: [CertificatesController],
  providers: [SignedInUsers, AccountGuard],
})
export class CertificatesGatewayModule {}
