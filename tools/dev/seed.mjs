// `npm run db:seed`: builds, applies pending migrations, then runs each service's idempotent
// demo-data seed (ServiceDefinition.seed), the same data `npm start` seeds.
import { migrateServices, prepare } from './workspace.mjs';

const { config, definitions, failedBuilds } = await prepare({ servers: ['postgres'] });
console.log(`seeding ${definitions.length} services`);
await migrateServices(definitions, config.DATABASE_URL, { seed: true });
process.exit(failedBuilds.length ? 1 : 0);
