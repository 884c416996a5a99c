import { describe, expect, it } from 'vitest';
import { workerExecArgv } from '../../src/server';

describe('the options API workers start with', () => {
  it('limit the heap to 1024 MB, keeping the supervisor’s own options', () => {
    expect(workerExecArgv(['--enable-source-maps'])).toEqual(['--enable-source-maps', '--max-old-space-size=1024']);
    expect(workerExecArgv([], '')).toEqual(['--max-old-space-size=1024']);
  });

  it('leave the heap limit to the operator who set one, on the command line or in NODE_OPTIONS', () => {
    expect(workerExecArgv(['--max-old-space-size=4096'])).toEqual(['--max-old-space-size=4096']);
    expect(workerExecArgv(['--max_old_space_size', '4096'])).toEqual(['--max_old_space_size', '4096']);
    expect(workerExecArgv([], '--enable-source-maps --max-old-space-size=2048')).toEqual([]);
    expect(workerExecArgv([], '--max-old-space-sizes')).toEqual(['--max-old-space-size=1024']);
  });
});
