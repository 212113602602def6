import { Module } from '@nestjs/common';
import { CertificatesHandlers } from './certificates.event-handlers.js';
import { CertificatesRpcController } from './certificates.rpc.controller.js';
import { CertificatesService } from './certificates.service.js';

/** Certificates: issued by a passed exam, verified publicly, downloaded by their learner, revoked by administrators. */
@Module({
  controllers: [CertificatesRpcController],
  providers: [CertificatesService, CertificatesHandlers],
  exports: [CertificatesService],
})
export class CertificatesModule {}
