// Export and import of 10,000 notes in headless Chromium against the built app and the real server: (1) "Export
// notes" from a 10,000-note browser database → the zip saved; (2) importing that zip into an emptied database,
// offline: reading it → the preview, then "Import" → every note written with its outbox entry. Reports the time
// of each and the page's peak JS heap (Chrome DevTools Protocol, sampled every 50 ms). Target: under 10 s each.
// Needs `npm run build`.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium-flags.mjs';
import { BENCH_PASSWORD, reportResult, startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NOTES = Number(process.env.INTERCHANGE_NOTES) || 10_000;
const BENCH = 'interchange';
const count = NOTES.toLocaleString('en-US');

if (!existsSync(path.join(root, 'web/dist-ssr/entry-server.js'))) {
  console.log('The web app is not built: run `npm run build` first.');
  process.exit(1);
}

/** Fills the app's IndexedDB with synced notes (no outbox entries, so the sync engine leaves them alone). */
async function seedLocal(page, n) {
  return page.evaluate(async (total) => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('private-notes');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction('notes', 'readwrite');
    const store = tx.objectStore('notes');
    const start = Date.parse('2025-01-01T00:00:00Z');
    const words = ['orbit', 'garden', 'recipe', 'travel', 'budget', 'music', 'health', 'reading'];
    for (let i = 0; i < total; i++) {
      const word = words[i % words.length];
      const at = new Date(start + i * 60_000).toISOString();
      store.put({
        id: `bench-${i}`,
        serverId: null,
        version: null,
        title: `Note ${i}: ${word}`,
        content: `# ${word} ${i}\n\n${`Some text about ${word}, written as note number ${i}. `.repeat(12)}`,
        tags: [word, `group-${i % 25}`],
        createdAt: at,
        updatedAt: at,
        deleted: 0,
        syncState: 'synced',
        syncError: null,
      });
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, n);
}

async function clearLocal(page) {
  await page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('private-notes');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction(['notes', 'outbox'], 'readwrite');
    tx.objectStore('notes').clear();
    tx.objectStore('outbox').clear();
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });
}

/** Samples the page's JS heap while `work` runs; resolves with its duration and the peak heap. */
async function measure(cdp, work) {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'JSHeapUsedSize').value;
  };
  const before = await heap();
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await heap());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const detail = await work();
  const ms = performance.now() - started;
  sampling = false;
  await sampler;
  return { ms, before, peak, detail };
}

const mb = (bytes) => (bytes / 1048576).toFixed(1);

const server = await startServer();
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
  const login = await context.request.post('/api/login', {
    data: { username: 'admin', password: BENCH_PASSWORD },
  });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto('/notes');
  await page
    .getByTestId('sync-status')
    .filter({ hasText: 'All changes synced' })
    .waitFor({ timeout: 30_000 });
  await seedLocal(page, NOTES);
  console.log(`seeded ${count} notes into the browser's IndexedDB`);
  await page.getByRole('link', { name: 'Import & Export' }).click();
  await page.getByRole('heading', { name: 'Import & Export' }).waitFor();

  // 1. Export
  const exported = await measure(cdp, async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export notes' }).click();
    const download = await downloading;
    await page.getByText(`Exported ${count} notes`).waitFor({ timeout: 120_000 });
    return download;
  });
  const zipPath = await exported.detail.path();
  const zip = await readFile(zipPath);
  console.log(
    `export: ${(exported.ms / 1000).toFixed(2)} s, zip ${mb(zip.length)} MB; JS heap ${mb(exported.before)} → peak ${mb(exported.peak)} MB`,
  );

  // 2. Import of that zip into an emptied database, offline (import never needs the server).
  await clearLocal(page);
  await context.setOffline(true);
  let readMs = 0;
  const imported = await measure(cdp, async () => {
    const started = performance.now();
    await page
      .getByLabel('Files to import')
      .setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByText(`${count} new, 0 already here`).waitFor({ timeout: 120_000 });
    readMs = performance.now() - started;
    await page.getByRole('button', { name: `Import ${count} notes` }).click();
    await page.getByText(`Imported ${count} notes.`).waitFor({ timeout: 120_000 });
  });
  const stored = await page.evaluate(async () => {
    const db = await new Promise((resolve) => {
      const request = indexedDB.open('private-notes');
      request.onsuccess = () => resolve(request.result);
    });
    const tx = db.transaction(['notes', 'outbox']);
    const counts = await Promise.all(
      ['notes', 'outbox'].map(
        (name) =>
          new Promise((resolve) => {
            const request = tx.objectStore(name).count();
            request.onsuccess = () => resolve(request.result);
          }),
      ),
    );
    db.close();
    return counts;
  });
  console.log(
    `import: ${(imported.ms / 1000).toFixed(2)} s (reading and preview ${(readMs / 1000).toFixed(2)} s, writing ${((imported.ms - readMs) / 1000).toFixed(2)} s); ` +
      `JS heap ${mb(imported.before)} → peak ${mb(imported.peak)} MB; in the database: ${stored[0]} notes, ${stored[1]} outbox entries`,
  );
  if (stored[0] !== NOTES || stored[1] !== NOTES)
    throw new Error('the import did not write every note and its outbox entry');

  reportResult({
    bench: BENCH,
    metric: `export ${count} notes → zip saved`,
    value: Number((exported.ms / 1000).toFixed(2)),
    unit: 's',
    target: '< 10 s',
    pass: exported.ms < 10_000,
  });
  reportResult({
    bench: BENCH,
    metric: 'export: peak JS heap',
    value: Number(mb(exported.peak)),
    unit: 'MB',
  });
  reportResult({
    bench: BENCH,
    metric: `import ${count} notes (zip → preview → written with outbox entries)`,
    value: Number((imported.ms / 1000).toFixed(2)),
    unit: 's',
    target: '< 10 s',
    pass: imported.ms < 10_000,
  });
  reportResult({
    bench: BENCH,
    metric: 'import: peak JS heap',
    value: Number(mb(imported.peak)),
    unit: 'MB',
  });
} finally {
  await browser.close();
  await server.stop();
}
