import 'reflect-metadata';
import { runService } from '@aero/backend-runtime';
import { paymentsService } from './payments.service-definition.js';

await runService(paymentsService);
