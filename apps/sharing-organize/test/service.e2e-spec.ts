import { describeServiceBasics } from '@aero/backend-testing';
import { sharingOrganizeService } from '../src/sharing-organize.service-definition.js';

describeServiceBasics(sharingOrganizeService, {
  tables: [],
  migrations: ['InitialSharingOrganize1795252000000'],
});
