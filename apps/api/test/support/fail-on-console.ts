import { afterEach, beforeEach, vi } from 'vitest';

// A test that makes the code print an error is a failing test, even if its assertions pass.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
