// Notes screen on a large local database, in headless Chromium against the built app and the real server:
// with 10,000 notes in IndexedDB, (1) navigation to /notes → first note card on screen, and (2) a keystroke in
// the search box → the filtered list on screen. Targets: under 500 ms and under 100 ms. Needs `npm run build`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium-flags.mjs';
import { makeVocabulary } from './lib/note-corpus.mjs';
import { seedLocal } from './lib/seed-local-notes.mjs';
import { BENCH_PASSWORD, reportResult, startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NOTES = Number(process.env.NOTES_LOCAL_COUNT) || 10_000;
const RUNS = 5;
const BENCH = 'notes-local';

if (!existsSync(path.join(root, 'web/dist-ssr/entry-server.js'))) {
  console.log('The web app is not built: run `npm run build` first.');
  process.exit(1);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Records, in the page, when the first note card enters the DOM (relative to navigation start).
const FIRST_CARD_PROBE = () => {
  const observer = new MutationObserver(() => {
    if (window.__headingAt === undefined && document.querySelector('[data-testid="notes-screen"]')) {
      window.__headingAt = performance.now();
    }
    if (document.querySelector('[data-testid="note-card"]')) {
      observer.disconnect();
      requestAnimationFrame(() => {
        window.__firstCardAt = performance.now();
      });
    }
  });
  observer.observe(document, { childList: true, subtree: true });
};

const server = await startServer();
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const login = await context.request.post('/api/login', {
    data: { username: 'admin', password: BENCH_PASSWORD },
  });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  await context.addInitScript(FIRST_CARD_PROBE);
  const page = await context.newPage();
  await page.goto('/notes');
  await page.getByRole('heading', { name: 'My Notes' }).waitFor();
  await page
    .getByTestId('sync-status')
    .filter({ hasText: 'All changes synced' })
    .waitFor({ timeout: 20_000 });
  await seedLocal(page, NOTES);
  console.log(`seeded ${NOTES} notes into the browser's IndexedDB`);

  const firstCard = [];
  // The part the notes screen itself adds, after the shell (session check, UI kit) has mounted it.
  const afterMount = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto('/notes');
    await page.waitForFunction(() => window.__firstCardAt !== undefined, undefined, { timeout: 20_000 });
    const [screenAt, cardAt] = await page.evaluate(() => [window.__headingAt, window.__firstCardAt]);
    console.log(
      `  run ${run + 1}: notes screen mounted at ${screenAt?.toFixed(0)} ms, first card at ${cardAt.toFixed(0)} ms`,
    );
    firstCard.push(cardAt);
    afterMount.push(cardAt - screenAt);
    await page
      .getByText(`${NOTES.toLocaleString('en-US').replace(',', '')} notes`)
      .or(page.getByText(`${NOTES} notes`))
      .first()
      .waitFor();
  }
  const cardsInDom = await page.getByTestId('note-card').count();
  console.log(
    `navigation → first card (ms, from navigation start): ${firstCard.map((t) => t.toFixed(0)).join(', ')}`,
  );
  console.log(`cards in the DOM with ${NOTES} notes: ${cardsInDom} (virtualised)`);

  await page.getByRole('button', { name: 'Search & Filter' }).click();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.click();
  const keystrokes = [];
  // A word of middling frequency in the corpus, then the start of a rarer one (as a search is typed).
  const vocabulary = makeVocabulary();
  const typed = `${vocabulary[250]} ${vocabulary[1200].slice(0, 3)}`;
  for (let i = 1; i <= typed.length; i++) {
    const query = typed.slice(0, i);
    // Time from the keydown to the frame after the list changed, measured inside the page.
    await page.evaluate((expected) => {
      window.__keyStart = 0;
      window.__keyDone = 0;
      const screen = document.querySelector('[data-testid="notes-screen"]');
      document.addEventListener(
        'keydown',
        () => {
          window.__keyStart = performance.now();
        },
        { capture: true, once: true },
      );
      const observer = new MutationObserver(() => {
        // The list area carries the search it reflects (data-search), set in the same commit as the cards.
        const shown = screen.querySelector(`[data-search="${CSS.escape(expected)}"]`);
        if (!shown || window.__keyStart === 0) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          window.__keyDone = performance.now();
        });
      });
      observer.observe(screen, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['data-search'],
      });
    }, query);
    await page.keyboard.type(query.slice(-1));
    await page
      .waitForFunction(() => window.__keyDone > 0, undefined, { timeout: 10_000 })
      .catch(async (error) => {
        const seen = await page.locator('[data-search]').getAttribute('data-search');
        throw new Error(`no list for "${query}" (list shows "${seen}"): ${error.message}`);
      });
    keystrokes.push(await page.evaluate(() => window.__keyDone - window.__keyStart));
    await page.waitForTimeout(150);
  }
  const shown = await page.getByTestId('note-card').first().textContent();
  console.log(
    `keystroke → filtered list (ms): ${keystrokes.map((t) => t.toFixed(0)).join(', ')}; first card now: ${shown?.slice(0, 40)}`,
  );

  const firstCardMedian = median(firstCard);
  reportResult({
    bench: BENCH,
    metric: `navigation → first card, ${NOTES} local notes (median of ${RUNS})`,
    value: Math.round(firstCardMedian),
    unit: 'ms',
    target: '< 500 ms',
    pass: firstCardMedian < 500,
  });
  reportResult({
    bench: BENCH,
    metric: 'of which: notes screen mounted → first card (median)',
    value: Math.round(median(afterMount)),
    unit: 'ms',
  });
  const keyMedian = median(keystrokes);
  const keyMax = Math.max(...keystrokes);
  reportResult({
    bench: BENCH,
    metric: `search keystroke → filtered list (median of ${keystrokes.length})`,
    value: Math.round(keyMedian),
    unit: 'ms',
    target: '< 100 ms',
    pass: keyMedian < 100,
  });
  reportResult({
    bench: BENCH,
    metric: 'search keystroke → filtered list (worst)',
    value: Math.round(keyMax),
    unit: 'ms',
  });
} catch (error) {
  console.log(`bench failed: ${error.stack}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
