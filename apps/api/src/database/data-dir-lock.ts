import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The lock's name inside DATA_DIR; it holds the PID of the process using the embedded database. */
export const LOCK_FILE = 'embedded-database.lock';

/** Another process holds DATA_DIR: a message for the person starting this one, not a crash with a stack. */
export class DataDirInUse extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes DATA_DIR for this process. The embedded database is one process's files: a second
 * process writing them beside the first corrupts them, so it is refused, naming the first.
 * A lock left by a process that no longer runs (a crash, kill -9) is taken over. Answers the
 * release, which removes the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 1; ; attempt += 1) {
    try {
      // wx: created only if absent, so two processes starting together cannot both win.
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(file);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUse(
          `The embedded database in ${dataDir} is in use by another process (PID ${holder}). Stop that process first, ` +
            `or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).`,
        );
      }
      if (attempt > 3) throw new Error(`Cannot take the lock ${file}: remove it if no API or CLI uses ${dataDir}`, { cause: error });
      // A stale lock, or one caught half-written: take it over and try again.
      if (holder === undefined || !isAlive(holder) || holder === process.pid) unlinkSync(file);
    }
  }
  return () => {
    if (holderOf(file) === process.pid) unlinkSync(file);
  };
}
