// Browser tests in real Chromium (chromium-flags.mjs) against the real built server on a fresh DATA_DIR.
// One worker (2 cores shared). Each engineer runs their specs with their own E2E_PORT (default 4310).
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium-flags.mjs';
import { E2E_OWNER, E2E_PORT } from './web/e2e/owner.ts';

const baseURL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: 'web/e2e',
  // Per port: engineers run their specs at the same time, and a shared folder gets wiped under them.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // In CI a failed test runs once more and, if it then passes, is reported as flaky (the run's summary counts
  // them): 250 browser tests share 2 cores with the server, and a lone timing failure should not hide the rest.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // CI also writes every test's duration (per port, so shards do not overwrite each other); `node
  // scripts/slowest-tests.mjs test-results/*.json` lists the slowest.
  reporter: process.env.CI
    ? [['line'], ['json', { outputFile: `test-results/e2e-${E2E_PORT}.json` }]]
    : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    // Recording a trace (a screencast and a DOM snapshot per action) costs every test CPU that the two cores
    // share with the browser and the server, even when the trace is then thrown away. CI records one only
    // for a retry, so a failure still comes with its trace; a local run (no retries) keeps it on failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The owner prefers reduced motion (tests only): the UI kit's enter and exit animations (dialogs, toasts,
    // menus) are not drawn frame by frame in software, and this is how the screens behave for the owners who
    // ask for it. Six spec files, 33 tests, cgroup CPU (2026-11-28): 115.4, 111.8 and 121.2 s as before, 106.9 s
    // with it. Turning V8's top tier off as well looked cheaper on those files but made a 300 KB note's editor
    // miss its 7 s in a full run, so the browser itself stays the user's (chromium-flags.mjs).
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: chromiumLaunchOptions(),
  },
  webServer: {
    command: 'node web/e2e/serve.mjs',
    url: `${baseURL}/privacy-policy`,
    // A fresh server (and data) for every run.
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(E2E_PORT), E2E_OWNER_PASSWORD: E2E_OWNER.password },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
