// The one place that says how this project launches Chromium: Playwright's config (web/e2e) and every
// benchmark (bench/) import these, so a flag added for one (say, to quiet a background service that skews
// timings) applies to all, and a test run and a benchmark measure the same browser.

/** Debian's Chromium (`apt-get install -y chromium`); `CHROME_PATH` points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright (1.65, pinned in package.json) turns off when it launches Chromium. Chromium keeps
 * only the last `--disable-features` it is given, so a list of our own must repeat these (chromium-flags.test.ts
 * launches the browser and checks that none is lost).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = Object.freeze([
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]);

/**
 * Browser UI no headless page ever shows: Chromium 150 builds the address bar's suggestion popup as a web
 * page of its own (chrome://omnibox-popup.top-chrome) in a renderer process of its own for every new tab, and
 * loads its scripts there. In a browser test every context opens a new tab: that popup cost about 0.6 s of CPU
 * per context (3.29 s against 2.60–2.70 s for sign-in, My Notes, a new note and /blog), a fifth of the
 * test's own work, spent on nothing the test or the page can see.
 */
export const HIDDEN_BROWSER_UI_FEATURES = Object.freeze(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']);

/**
 * Headless, no sandbox (containers run as root), no GPU, none of the browser's own network chatter (QUIC
 * probes, component updates, sync), so only the page's traffic reaches the servers under test, and none of
 * the browser UI a headless page never shows.
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
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...HIDDEN_BROWSER_UI_FEATURES].join(',')}`,
]);

/** Options for Playwright's `chromium.launch()` (and `use.launchOptions`). */
export function chromiumLaunchOptions() {
  return { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] };
}
