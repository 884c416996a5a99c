import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { properties } from '@hotel/db/schema';
import type { AppContext } from '../app-context';
import { findMigrationsFolder } from '../database';
import { importDefinition } from './import-definition';

/** The demo definitions live beside the migrations, in `db/demo/`. */
function demoFolder(): string {
  return path.join(path.dirname(findMigrationsFolder()), 'demo');
}

/** First run of `pnpm start`: imports the demo group when the database has no property yet. */
export async function importDemoWhenEmpty(context: Pick<AppContext, 'database' | 'clock' | 'logger'>): Promise<void> {
  const [any] = await context.database.db.select({ id: properties.id }).from(properties).limit(1);
  if (any) return;
  const folder = demoFolder();
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.json')).sort()) {
    const result = await importDefinition(context, JSON.parse(await readFile(path.join(folder, file), 'utf8')), { checkOnly: false });
    if (!result.ok)
      throw new Error(`demo definition ${file} is invalid:\n${result.problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
    context.logger.info({ file, properties: result.summary.properties }, 'imported demo definition');
  }
}
