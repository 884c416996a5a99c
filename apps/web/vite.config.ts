import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  // No source maps: a production site would serve its whole source to anyone who asks.
  build: { target: 'es2022', sourcemap: false },
  test: {
    environment: 'happy-dom',
    // Scripts the app adds (a property's tag manager) count as loaded instead of failing noisily.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // About hangs, not speed: a loaded CI machine once took over 5 s (vitest's default) to render a form.
    testTimeout: 30_000,
  },
});
