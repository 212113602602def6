import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeProject } from '../../tools/test/jest.preset.mjs';

/**
 * The journeys `npm test` (and so CI) runs: the product's main paths, buying and learning. Every
 * other journey (accounts, sharing, e-mail links, accessibility, layout …) takes one to two
 * minutes of a whole product each, so they run with `npm run test:journeys`, which runs them all.
 */
const MAIN_JOURNEYS = ['checkout', 'learning', 'exams'];

/**
 * Browser journeys: each journey file runs the whole product (every service, the gateway and the
 * built web app) and drives Debian's Chromium through it with playwright-core.
 */
export default {
  ...nodeProject(dirname(fileURLToPath(import.meta.url)), 'web-e2e'),
  testMatch:
    process.env.JOURNEYS === 'all'
      ? ['<rootDir>/test/**/*.journey.ts']
      : MAIN_JOURNEYS.map((name) => `<rootDir>/test/${name}.journey.ts`),
};
