import type { ServiceDefinition } from '@aero/backend-runtime';
import { SharingOrganizeModule } from './sharing-organize.module.js';
import { InitialSharingOrganize1795252000000 } from './migrations/1795252000000-initial-sharing-organize.js';
import { SeatsAndShares1795254000000 } from './migrations/1795254000000-seats-and-shares.js';
import { OrganizeCourse1795254100000 } from './migrations/1795254100000-organize-course.js';

export const sharingOrganizeService: ServiceDefinition = {
  name: 'sharing-organize',
  schema: 'sharing_organize',
  portVariable: 'SHARING_ORGANIZE_HTTP_PORT',
  defaultPort: 3103,
  entities: [],
  migrations: [InitialSharingOrganize1795252000000, SeatsAndShares1795254000000, OrganizeCourse1795254100000],
  module: SharingOrganizeModule,
};
