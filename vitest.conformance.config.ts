import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The sandbox's conformance suite: real servers on 127.0.0.1, walked over HTTP. Plain Node,
// no WXT plugin: nothing here runs in the extension.
export default defineConfig({
  // The project's one import style, `@/` from the root (eslint.config.js), as WXT declares it elsewhere.
  resolve: { alias: { '@/': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    include: ['test/conformance/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
