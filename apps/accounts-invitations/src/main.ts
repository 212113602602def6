import 'reflect-metadata';
import { runService } from '@aero/backend-runtime';
import { accountsInvitationsService } from './accounts-invitations.service-definition.js';

await runService(accountsInvitationsService);
