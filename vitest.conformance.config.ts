import { defineConfig } from 'vitest/config';

// The sandbox's conformance suite: real servers on 127.0.0.1, walked over HTTP. Plain Node,
// no WXT plugin: nothing here runs in the extension.
export default defineConfig({
  test: {
    include: ['test/conformance/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
