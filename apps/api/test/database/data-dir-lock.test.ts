import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from '../../src/database/data-dir-lock';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-lock-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** Another process, alive until the test ends it. */
function anotherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { pid: child.pid!, stop: async () => (child.kill('SIGKILL'), await exited) };
}

describe('the embedded database lock', () => {
  it('writes this process’s PID into DATA_DIR and removes it on release', () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('refuses a data directory another running process holds, naming the directory and that PID', async () => {
    const other = anotherProcess();
    try {
      writeFileSync(path.join(dataDir, LOCK_FILE), `${other.pid}\n`);
      expect(() => lockDataDir(dataDir)).toThrow(`The embedded database in ${dataDir} is in use by another process (PID ${other.pid})`);
      expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(other.pid));
    } finally {
      await other.stop();
    }
  });

  it('takes over the lock of a process that no longer runs', async () => {
    const gone = anotherProcess();
    await gone.stop();
    writeFileSync(path.join(dataDir, LOCK_FILE), `${gone.pid}\n`);
    const release = lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('leaves alone a lock it does not hold when released', () => {
    const release = lockDataDir(dataDir);
    writeFileSync(path.join(dataDir, LOCK_FILE), '4194304\n');
    release();
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe('4194304');
  });
});
