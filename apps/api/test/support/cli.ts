import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The API package's folder, where `pnpm <command>` runs the CLI. */
export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The demo group `pnpm start` imports: a real file a hotel could start from. */
export const demoGroup = path.resolve(apiRoot, '../../db/demo/demo-group.json');

/**
 * For a describe whose tests start CLI processes (pnpm, tsx, a migration): on a loaded machine one
 * run alone has taken 40 s, so the limit is about a hang, not speed.
 */
export const CLI_RUNS = { timeout: 180_000 };

export type CliResult = { code: number; stdout: string; stderr: string };

/**
 * Runs the CLI as the root package's scripts do, on the embedded database under `dataDir`, or
 * on `databaseUrl`'s when given; `initCwd` is where the user typed the command (default: the API's folder).
 */
export async function runCli(args: string[], options: { dataDir: string; databaseUrl?: string; initCwd?: string }): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        LOG_LEVEL: 'warn',
        INIT_CWD: options.initCwd ?? apiRoot,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as CliResult;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
