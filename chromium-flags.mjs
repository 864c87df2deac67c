// The one place that says how this project launches Chromium: Playwright's config (web/e2e) and every
// benchmark (bench/) import these, so a flag added for one (say, to quiet a background service that skews
// timings) applies to all, and a test run and a benchmark measure the same browser.

/** Debian's Chromium (`apt-get install -y chromium`); `CHROME_PATH` points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Headless, no sandbox (containers run as root), no GPU, and none of the browser's own network chatter
 * (QUIC probes, component updates, sync), so only the page's traffic reaches the servers under test.
 */
export const CHROMIUM_FLAGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/** Options for Playwright's `chromium.launch()` (and `use.launchOptions`). */
export function chromiumLaunchOptions() {
  return { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] };
}
