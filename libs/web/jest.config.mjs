// One Jest project for every browser library under libs/web (run one: `npx jest libs/web/shared/ui`).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webProject } from '../../tools/test/jest.preset.mjs';

export default webProject(dirname(fileURLToPath(import.meta.url)), 'web-libs');
