import { describe, expect, it } from 'vitest';
import { workerExecArgv } from '../../src/server';

describe('the options API workers start with', () => {
  it('limit the heap to 1024 MB and start the old generation at 128 MB, keeping the supervisor’s own options', () => {
    expect(workerExecArgv(['--enable-source-maps'])).toEqual([
      '--enable-source-maps',
      '--max-old-space-size=1024',
      '--initial-old-space-size=128',
    ]);
    expect(workerExecArgv([], '')).toEqual(['--max-old-space-size=1024', '--initial-old-space-size=128']);
  });

  it('leave each heap option to the operator who set it, on the command line or in NODE_OPTIONS', () => {
    expect(workerExecArgv(['--max-old-space-size=4096'])).toEqual(['--max-old-space-size=4096', '--initial-old-space-size=128']);
    expect(workerExecArgv(['--max_old_space_size', '4096'])).toEqual(['--max_old_space_size', '4096', '--initial-old-space-size=128']);
    expect(workerExecArgv([], '--enable-source-maps --max-old-space-size=2048')).toEqual(['--initial-old-space-size=128']);
    expect(workerExecArgv(['--initial_old_space_size=64'])).toEqual(['--initial_old_space_size=64', '--max-old-space-size=1024']);
    expect(workerExecArgv([], '--max-old-space-size=2048 --initial-old-space-size=256')).toEqual([]);
    expect(workerExecArgv([], '--max-old-space-sizes')).toEqual(['--max-old-space-size=1024', '--initial-old-space-size=128']);
  });
});
