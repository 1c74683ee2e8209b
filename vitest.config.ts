import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
    restoreMocks: true,
    // No test here is timed (benchmarks measure speed): the limit only catches a hang, and 5 s
    // (vitest's default) was reached by heavy tests on a busy 2-core machine.
    testTimeout: 20_000,
    setupFiles: ['test/setup/vault.ts'],
  },
});
