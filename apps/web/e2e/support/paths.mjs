// Where the suite lives, what it builds and where it writes its screenshots and logs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = path.resolve(webRoot, '../..');
export const outputDir = path.join(webRoot, 'e2e-output');
export const scenariosDir = path.join(webRoot, 'e2e/scenarios');
