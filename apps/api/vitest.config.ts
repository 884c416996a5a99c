import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/fail-on-console.ts'],
    env: { TZ: 'UTC', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
