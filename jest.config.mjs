// Every project's tests, run by `npm test` against the real Postgres, Redis and NATS.
import { readdirSync, existsSync } from 'node:fs';

const projectDirs = [
  ...readdirSync('apps').map((d) => `apps/${d}`),
  'libs/contracts',
  ...readdirSync('libs/backend').map((d) => `libs/backend/${d}`),
  ...(existsSync('libs/web') ? ['libs/web'] : []),
].filter((dir) => existsSync(`${dir}/jest.config.mjs`));

export default {
  projects: projectDirs.map((dir) => `<rootDir>/${dir}/jest.config.mjs`),
  maxWorkers: 2,
  // Integration tests start real services; a project-level testTimeout is ignored under `projects`.
  testTimeout: 60_000,
};
