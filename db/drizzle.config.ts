import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit reads the schema to write SQL migrations into ./migrations (`pnpm generate`).
 * Columns name themselves in snake_case, so there is no `casing` option here or at runtime.
 * Custom migrations (btree_gist exclusion constraint, static data) are made with
 * `pnpm generate --custom --name=...` and filled in by hand.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './migrations',
  strict: true,
  verbose: true,
});
