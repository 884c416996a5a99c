import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Rules about "today" and zones take them as parameters; UTC keeps any slip visible.
    env: { TZ: 'UTC' },
    // About hangs, not speed: property-based runs on a loaded machine can pass vitest's 5 s default.
    testTimeout: 30_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, statements: 95, functions: 95, branches: 90 },
    },
  },
});
