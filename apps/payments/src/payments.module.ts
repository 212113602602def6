import { Module } from '@nestjs/common';

/** Root module of the payments service; its aggregate modules are added here as they arrive. */
@Module({})
export class PaymentsModule {}
