import { ServiceInfra } from '@aero/backend-runtime';
import { Global, Module } from '@nestjs/common';
import { loadPaymentsConfig, PAYMENTS_CONFIG } from './payments.config.js';

/**
 * Makes the validated PaymentsConfig injectable everywhere (`@Inject(PAYMENTS_CONFIG)`), read
 * from the environment the service was started with (`ServiceInfra.env`).
 */
@Global()
@Module({
  providers: [{ provide: PAYMENTS_CONFIG, inject: [ServiceInfra], useFactory: (infra: ServiceInfra) => loadPaymentsConfig(infra.env) }],
  exports: [PAYMENTS_CONFIG],
})
export class PaymentsConfigModule {}
