import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
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
                                        print a property's arrivals, departures and in-house rooms on DATE (YYYY-MM-DD) as CSV`;

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

async function reservationsArrivals(args: string[]): Promise<number> {
  if (args.length !== 2) {
    console.error(usage);
    return 2;
  }
  const [propertyCode, date] = args as [string, string];
  const database = await openUsersDatabase();
  if (database === null) return 1;
  try {
    process.stdout.write(arrivalsCsv(await arrivalsOn({ database }, propertyCode, date)));
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    for (const [field, messages] of Object.entries(error.modelState ?? {})) console.error(`  ${field}: ${messages.join(' ')}`);
    return 1;
  } finally {
    await database.close();
  }
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
};
const run = command !== undefined && Object.hasOwn(commands, command) ? commands[command]!(args) : null;
if (!run) {
  console.error(usage);
  process.exit(2);
}
process.exitCode = await run;
