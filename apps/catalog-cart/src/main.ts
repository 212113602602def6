import 'reflect-metadata';
import { runService } from '@aero/backend-runtime';
import { catalogCartService } from './catalog-cart.service-definition.js';

await runService(catalogCartService);
