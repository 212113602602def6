import { Module } from '@nestjs/common';

/** Root module of the accounts-invitations service; its aggregate modules are added here as they arrive. */
@Module({})
export class AccountsInvitationsModule {}
