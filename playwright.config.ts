import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/site/browser';

// The global setup starts a throw-away local platform with the seed, builds the site against it
// and serves the build; tests read the addresses from the environment it sets.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: the tests share one seeded database and some change site-wide texts.
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // The checks that need the data the site was built with run first; the rest change it.
  projects: [
    { name: 'build-data', testMatch: /(home-first-load|prerender)\.spec\.ts$/ },
    { name: 'site', testIgnore: /(home-first-load|prerender)\.spec\.ts$/, dependencies: ['build-data'] },
  ],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
