import { ServiceInfra } from '@aero/backend-runtime';
import { Global, Module } from '@nestjs/common';
import { EXAMS_CONFIG, loadExamsConfig } from './exams.config.js';

/** Makes the validated ExamsConfig injectable everywhere, read from the service's environment. */
@Global()
@Module({
  providers: [{ provide: EXAMS_CONFIG, inject: [ServiceInfra], useFactory: (infra: ServiceInfra) => loadExamsConfig(infra.env) }],
  exports: [EXAMS_CONFIG],
})
export class ExamsConfigModule {}
