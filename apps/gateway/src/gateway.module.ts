import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { AccountsModule } from './accounts/accounts.module.js';
import { CatalogCartModule } from './catalog-cart/catalog-cart.module.js';
import { CertificatesGatewayModule } from './certificates/certificates.module.js';
import { EmployeesGatewayModule } from './employees/employees.module.js';
import type { GatewayInfra } from './gateway-infra.js';
import { GatewayInfraModule } from './gateway-infra.module.js';
import { ErrorReportsGatewayModule } from './errors/client-errors.controller.js';
import { HealthModule } from './health/health.module.js';
import { LearningGatewayModule } from './learning/learning.module.js';
import { NotificationsGatewayModule } from './notifications/notifications.module.js';
import { PaymentsGatewayModule } from './payments/payments.module.js';
import { ReportsGatewayModule } from './reports/reports.module.js';
import { SharingGatewayModule } from './sharing/sharing.module.js';

/** The gateway's Nest application: one module per service it fronts, plus health and metrics. */
@Module({})
export class GatewayModule {
  /** `extraModules` lets tests mount routes of their own next to the real ones. */
  static forRoot(infra: GatewayInfra, extraModules: Type[] = []): DynamicModule {
    return {
      module: GatewayModule,
      imports: [GatewayInfraModule.forRoot(infra), HealthModule, CatalogCartModule, AccountsModule, NotificationsGatewayModule, PaymentsGatewayModule, EmployeesGatewayModule, SharingGatewayModule, LearningGatewayModule, ReportsGatewayModule, CertificatesGatewayModule, ErrorReportsGatewayModule, ...extraModules],
    };
  }
}
