import type { ServiceDefinition } from '@aero/backend-runtime';
import { ExamsModule } from './exams.module.js';
import { InitialExams1795252000000 } from './migrations/1795252000000-initial-exams.js';
import { Learning1795255000000 } from './migrations/1795255000000-learning.js';
import { Exams1795260000000 } from './migrations/1795260000000-exams.js';
import { Certificates1795261000000 } from './migrations/1795261000000-certificates.js';
import { seedDemoExams } from './seed/demo-exams.seed.js';
import { seedDemoSyllabi } from './seed/demo-syllabus.seed.js';

export const examsService: ServiceDefinition = {
  name: 'exams',
  schema: 'exams',
  portVariable: 'EXAMS_HTTP_PORT',
  defaultPort: 3104,
  entities: [],
  migrations: [InitialExams1795252000000, Learning1795255000000, Exams1795260000000, Certificates1795261000000],
  module: ExamsModule,
  seed: async (dataSource) => {
    await seedDemoSyllabi(dataSource);
    await seedDemoExams(dataSource);
  },
};
