import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeProject } from '../../tools/test/jest.preset.mjs';

export default nodeProject(dirname(fileURLToPath(import.meta.url)), 'notifications');
