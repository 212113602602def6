import { describeServiceBasics } from '@aero/backend-testing';
import { examsService } from '../src/exams.service-definition.js';

describeServiceBasics(examsService, {
  tables: [],
  migrations: ['InitialExams1795252000000'],
});
