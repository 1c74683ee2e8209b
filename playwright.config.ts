import { defineConfig } from '@playwright/test';

// One worker: each test launches its own Chromium with the extension, and this machine has
// two cores. Retries stay at 0 so that a flaky test shows up as a failure, not a pass.
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: { trace: 'retain-on-failure' },
});
