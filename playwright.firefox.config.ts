import { defineConfig } from '@playwright/test';

// The Firefox suite (test/firefox): Playwright Test runs it, puppeteer-core drives Firefox ESR over
// WebDriver BiDi (test/firefox/firefox.ts says why). One worker: one Firefox, on a 2-core machine.
export default defineConfig({
  testDir: 'test/firefox',
  testMatch: '**/*.firefox.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/firefox',
});
