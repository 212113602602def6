import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeProject } from '../../tools/test/jest.preset.mjs';

/**
 * Browser journeys: each journey file runs the whole product (every service, the gateway and the
 * built web app) and drives Debian's Chromium through it with playwright-core.
 */
export default {
  ...nodeProject(dirname(fileURLToPath(import.meta.url)), 'web-e2e'),
  testMatch: ['<rootDir>/test/**/*.journey.ts'],
};
