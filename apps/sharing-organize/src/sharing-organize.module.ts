import { Module } from '@nestjs/common';

/** Root module of the sharing-organize service; its aggregate modules are added here as they arrive. */
@Module({})
export class SharingOrganizeModule {}
