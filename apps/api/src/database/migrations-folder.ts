import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds `db/migrations` by walking up from this module, so the same code works from the
 * TypeScript sources, the bundled `dist/main.js` and the container image.
 */
export function findMigrationsFolder(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, 'db', 'migrations');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`db/migrations not found above ${from}`);
    dir = parent;
  }
}
