import { ServiceInfra } from '@aero/backend-runtime';
import { Global, Module } from '@nestjs/common';
import { loadSharingConfig, SHARING_CONFIG } from './sharing-organize.config.js';

/** Makes the validated SharingConfig injectable everywhere, read from the service's environment. */
@Global()
@Module({
  providers: [{ provide: SHARING_CONFIG, inject: [ServiceInfra], useFactory: (infra: ServiceInfra) => loadSharingConfig(infra.env) }],
  exports: [SHARING_CONFIG],
})
export class SharingConfigModule {}
