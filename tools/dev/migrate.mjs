// `npm run db:migrate`: builds, then applies every service's pending migrations to DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/aeromaint), one schema per service.
import { migrateServices, prepare } from './workspace.mjs';

const { config, definitions, failedBuilds } = await prepare({ servers: ['postgres'] });
console.log(`migrating ${definitions.length} service schemas`);
await migrateServices(definitions, config.DATABASE_URL);
process.exit(failedBuilds.length ? 1 : 0);
