import 'reflect-metadata';
import { runService } from '@aero/backend-runtime';
import { notificationsService } from './notifications.service-definition.js';

await runService(notificationsService);
