import { describeServiceBasics } from '@aero/backend-testing';
import { sharingOrganizeService } from '../src/sharing-organize.service-definition.js';

describeServiceBasics(sharingOrganizeService, {
  tables: ['seat_grants', 'share_items', 'share_transitions', 'enrolments', 'learners', 'organize_drafts', 'organize_deliveries', 'certificate_requests'],
  migrations: ['InitialSharingOrganize1795252000000', 'SeatsAndShares1795254000000', 'OrganizeCourse1795254100000'],
});
