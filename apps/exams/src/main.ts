import 'reflect-metadata';
import { runService } from '@aero/backend-runtime';
import { examsService } from './exams.service-definition.js';

await runService(examsService);
