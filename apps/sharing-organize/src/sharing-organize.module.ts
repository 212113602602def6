import { Module } from '@nestjs/common';
import { OrganizeModule } from './organize/organize.module.js';
import { PendingModule } from './pending/pending.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { SeatsModule } from './seats/seats.module.js';
import { SharesModule } from './shares/shares.module.js';
import { SharingConfigModule } from './sharing-config.module.js';
import { TicketsModule } from './tickets/tickets.module.js';

/** Root module of the sharing-organize service: seats, shares, tickets, organize course. */
@Module({
  imports: [SharingConfigModule, SeatsModule, SharesModule, PendingModule, TicketsModule, OrganizeModule, ReportsModule],
})
export class SharingOrganizeModule {}
