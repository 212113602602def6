import 'reflect-metadata';
import { runService } from '@aero/backend-runtime';
import { sharingOrganizeService } from './sharing-organize.service-definition.js';

await runService(sharingOrganizeService);
