import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { API_KEY_SCOPE_MEANINGS, API_KEY_SCOPES, isApiKeyScope } from '@hotel/domain/wire/api-key-scopes';
import { apiKeysOf, createApiKey, revokeKey, type KeyReach } from './api-keys';
import { systemClock } from './app-context';
import { loadConfig } from './config';
import { DataDirInUse, openMigratedDatabase, type Database } from './database';
import { loadEnvFile, repositoryEnvFile } from './env-file';
import { createLogger } from './logger';
import { definitionSchema, importDefinition } from './property-definition';
import { arrivalsCsv, arrivalsOn } from './reservations-feed';
import { AppError } from './errors';

const usage = `Usage:
  pnpm property:import [--check] FILE   validate a property definition and import it (--check: validate only)
  pnpm property:schema [FILE]           write the JSON Schema of a property definition to FILE (or print it)
  pnpm reservations:arrivals PROPERTY DATE
                                        print a property's arrivals, departures and in-house rooms on DATE (YYYY-MM-DD) as CSV
  pnpm api-key:create --property CODE --scope SCOPE[,SCOPE] --name NAME
                                        make a key for /api/Admin and print it, once (--all-properties instead of
                                        --property: a key for every property)
  pnpm api-key:list [--property CODE]   list the keys (of a property, with those for all), never their secrets
  pnpm api-key:revoke ID                close a key for good

Scopes:
${API_KEY_SCOPES.map((scope) => `  ${scope.padEnd(20)}${API_KEY_SCOPE_MEANINGS[scope]}`).join('\n')}`;

// pnpm runs scripts inside the package folder; a path the user typed is relative to where they typed it.
const userCwd = process.env.INIT_CWD ?? process.cwd();

/** The database the API uses, or null when another process holds the embedded one (said on stderr). */
async function openUsersDatabase(): Promise<Database | null> {
  // DATABASE_URL or DATA_DIR may be in the .env file.
  const envFile = loadEnvFile(repositoryEnvFile());
  if (envFile && !envFile.read) console.error(`${envFile.file} not read: ${envFile.reason}`);
  // The embedded database `pnpm start` serves from where the user stands, not from apps/api where pnpm runs us.
  process.env.DATA_DIR = path.resolve(userCwd, process.env.DATA_DIR || './.data');
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  try {
    return await openMigratedDatabase(config, logger);
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    console.error(error.message);
    return null;
  }
}

async function propertyImport(args: string[]): Promise<number> {
  const checkOnly = args.includes('--check');
  const files = args.filter((arg) => arg !== '--check');
  if (files.length !== 1) {
    console.error(usage);
    return 2;
  }
  const file = path.resolve(userCwd, files[0]!);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    console.error(`${file}: ${(error as Error).message}`);
    return 1;
  }
  const database = await openUsersDatabase();
  if (database === null) return 1;
  try {
    const result = await importDefinition({ database, clock: systemClock }, json, { checkOnly });
    if (!result.ok) {
      console.error(`${file}: ${result.problems.length} problem(s), nothing was changed:`);
      for (const problem of result.problems) console.error(`  ${problem.path}: ${problem.message}`);
      return 1;
    }
    const verb = checkOnly ? 'is valid' : 'imported';
    console.log(`${file} ${verb}: ${result.summary.properties.join(', ')}`);
    return 0;
  } finally {
    await database.close();
  }
}

/** Runs `work` on the user's database; a refusal (no such property) is said on stderr, exit 1. */
async function withUsersDatabase(work: (database: Database) => Promise<number>): Promise<number> {
  const database = await openUsersDatabase();
  if (database === null) return 1;
  try {
    return await work(database);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    for (const [field, messages] of Object.entries(error.modelState ?? {})) console.error(`  ${field}: ${messages.join(' ')}`);
    return 1;
  } finally {
    await database.close();
  }
}

/** The options of an api-key command, or null (said on stderr with the usage) when they are not its own. */
function keyOptions(args: string[], allowed: 'create' | 'list') {
  try {
    const { values } = parseArgs({
      args,
      options: {
        property: { type: 'string' },
        ...(allowed === 'create' ? { 'all-properties': { type: 'boolean' }, scope: { type: 'string' }, name: { type: 'string' } } : {}),
      },
      strict: true,
    });
    return values as { property?: string; 'all-properties'?: boolean; scope?: string; name?: string };
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return null;
  }
}

async function apiKeyCreate(args: string[]): Promise<number> {
  const options = keyOptions(args, 'create');
  if (options === null) return 2;
  const problems: string[] = [];
  const name = options.name?.trim() ?? '';
  if (name === '' || name.length > 200) problems.push('--name: say who holds the key (such as "Channel manager"), up to 200 characters');
  // A key for every property is never a default: the operator asks for it by name.
  if ((options.property === undefined) === !options['all-properties']) {
    problems.push('say which property the key is for: --property CODE, or --all-properties for a key that opens every property');
  }
  const scopes = (options.scope ?? '')
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  if (scopes.length === 0) problems.push(`--scope: one or more of ${API_KEY_SCOPES.join(', ')}, separated by commas`);
  const unknown = scopes.filter((scope) => !isApiKeyScope(scope));
  if (unknown.length > 0) problems.push(`--scope: ${unknown.join(', ')} is not a scope; the scopes are ${API_KEY_SCOPES.join(', ')}`);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    return 2;
  }
  const reach: KeyReach = options.property === undefined ? { allProperties: true } : { propertyCode: options.property };
  return withUsersDatabase(async (database) => {
    const made = await createApiKey({ database, clock: systemClock }, { name, reach, scopes: scopes.filter(isApiKeyScope) });
    // The key alone on stdout, so a script can take it (KEY=$(pnpm api-key:create ...)); the rest is for the person.
    console.log(made.key);
    console.error(`API key ${made.id} (${name}), for ${options.property ?? 'every property'}: ${scopes.join(', ')}.`);
    console.error(
      'This is the only time the key is shown: only its hash is kept. Hand it over now; if it is lost, revoke it and make another.',
    );
    return 0;
  });
}

async function apiKeyList(args: string[]): Promise<number> {
  const options = keyOptions(args, 'list');
  if (options === null) return 2;
  return withUsersDatabase(async (database) => {
    const keys = await apiKeysOf({ database, clock: systemClock }, options.property);
    if (keys.length === 0) console.log('No API keys.');
    for (const key of keys) {
      const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'live';
      console.log(
        [
          key.id,
          key.name,
          key.propertyCode ?? 'every property',
          key.scopes.join(','),
          `created ${key.createdAt.toISOString()}`,
          `last used ${key.lastUsedAt?.toISOString() ?? 'never'}`,
          state,
        ].join('\t'),
      );
    }
    return 0;
  });
}

async function apiKeyRevoke(args: string[]): Promise<number> {
  if (args.length !== 1) {
    console.error(usage);
    return 2;
  }
  const id = args[0]!;
  return withUsersDatabase(async (database) => {
    if (!(await revokeKey({ database, clock: systemClock }, id))) {
      console.error(`There is no live API key ${id}: see pnpm api-key:list.`);
      return 1;
    }
    console.log(`API key ${id} revoked: its next call is refused.`);
    return 0;
  });
}

async function reservationsArrivals(args: string[]): Promise<number> {
  if (args.length !== 2) {
    console.error(usage);
    return 2;
  }
  const [propertyCode, date] = args as [string, string];
  return withUsersDatabase(async (database) => {
    process.stdout.write(arrivalsCsv(await arrivalsOn({ database }, propertyCode, date)));
    return 0;
  });
}

/**
 * Printed, the schema follows the banner pnpm writes before a script (`> hotel-booking-engine@
 * property:schema`), so `pnpm property:schema > file` is not JSON: a FILE argument is written alone.
 */
async function propertySchema(args: string[]): Promise<number> {
  if (args.length > 1) {
    console.error(usage);
    return 2;
  }
  const schema = z.toJSONSchema(definitionSchema, { io: 'input', target: 'draft-2020-12' });
  const json = `${JSON.stringify({ title: 'Property definition', ...schema }, null, 2)}\n`;
  if (args[0] === undefined) {
    process.stdout.write(json);
    return 0;
  }
  const file = path.resolve(userCwd, args[0]);
  await writeFile(file, json);
  console.log(`wrote ${file}`);
  return 0;
}

const [command, ...args] = process.argv.slice(2);
const commands: Record<string, (args: string[]) => Promise<number>> = {
  'property:import': propertyImport,
  'property:schema': propertySchema,
  'reservations:arrivals': reservationsArrivals,
  'api-key:create': apiKeyCreate,
  'api-key:list': apiKeyList,
  'api-key:revoke': apiKeyRevoke,
};
const run = command !== undefined && Object.hasOwn(commands, command) ? commands[command]!(args) : null;
if (!run) {
  console.error(usage);
  process.exit(2);
}
process.exitCode = await run;
