import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import util from 'node:util';
import { findMigrationsFolder } from './database';

/**
 * The repository's `.env`, beside `.env.example`: found from the migrations, so it is the same
 * file whether the API runs from its sources, from dist/ or in the image, whatever the working
 * directory (`pnpm dev` runs in apps/api, `pnpm start` in the root).
 */
export function repositoryEnvFile(): string {
  return path.resolve(findMigrationsFolder(), '../..', '.env');
}

export type EnvFileOutcome = { file: string; read: true; names: string[] } | { file: string; read: false; reason: string } | undefined;

// util.parseEnv came with Node 20.12; the README asks for 20.19, but engine-strict is off.
const parseEnv = (util as { parseEnv?: typeof util.parseEnv }).parseEnv;

/**
 * Sets the variables of an `.env` file that the environment does not set already: what the shell
 * or the process manager says wins over the file. Answers the names it set (never the values,
 * which may be secrets), why it read nothing, or undefined when there is no file.
 */
export function loadEnvFile(file: string, env: NodeJS.ProcessEnv = process.env): EnvFileOutcome {
  if (!existsSync(file)) return undefined;
  if (typeof parseEnv !== 'function') {
    return {
      file,
      read: false,
      reason: `this Node.js (${process.version}) cannot parse it: use Node 20.19 or later, or set the variables in the environment`,
    };
  }
  const names: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (value === undefined || name in env) continue;
    env[name] = value;
    names.push(name);
  }
  return { file, read: true, names };
}
