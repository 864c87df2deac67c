// Issue 34's promise for the browser's own storage: a word typed into a locked note appears 0 times in the service
// worker's caches (Cache Storage). The note is written and synced, the page reloaded (so the worker has cached the
// shell and whatever it caches), the note opened again after unlocking, and then every entry of every cache is
// read in full and searched. The worker sends /api (notes) to the network only, so a plain note's word is not
// expected there either; the scan proves it read real entries (the shell's scripts and pages).
import type { Page } from '@playwright/test';
import { waitForServiceWorker } from './attachment-helpers.ts';
import { expect, test } from './fixtures.ts';
import { newLockedNoteUnlocked, newNote, unlockFromNotes } from './vault-helpers.ts';

interface CacheScan {
  caches: string[];
  entries: number;
  bytes: number;
  marker: string[];
  control: string[];
  /** Entries holding a word the shell is known to hold: the scan can find words. */
  known: string[];
}

/** Every entry of every cache, read in full: which entries hold the marker and the control word. */
function scanCaches(page: Page, marker: string, control: string, known: string): Promise<CacheScan> {
  return page.evaluate(
    async ([marker, control, known]) => {
      const scan: CacheScan = { caches: [], entries: 0, bytes: 0, marker: [], control: [], known: [] };
      for (const name of await caches.keys()) {
        scan.caches.push(name);
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          if (!response) continue;
          const bytes = new Uint8Array(await response.arrayBuffer());
          scan.entries++;
          scan.bytes += bytes.length;
          // Latin-1 keeps every byte as one character, so a word is found whatever the entry's encoding.
          const text = new TextDecoder('latin1').decode(bytes);
          if (text.includes(marker!)) scan.marker.push(`${name} ${request.url}`);
          if (text.includes(control!)) scan.control.push(`${name} ${request.url}`);
          if (text.includes(known!)) scan.known.push(`${name} ${request.url}`);
        }
      }
      return scan;
    },
    [marker, control, known],
  );
}

test('a locked note’s word is in no entry of the service worker’s caches', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const MARKER = `cachequokka${stamp}`;
  const CONTROL = `cachewombat${stamp}`;
  await signIn();
  await page.goto('/notes');
  await waitForServiceWorker(page);
  await newNote(page, `Plain ${CONTROL}`, `The control ${CONTROL}.`);
  await newLockedNoteUnlocked(page, `Diary ${MARKER}`, `Today: ${MARKER}.`);
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveText('All changes synced', { timeout: 30_000 });

  // Reloaded: the worker serves and caches the shell; the vault locks (keys live in memory only).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unlock locked notes' })).toBeVisible({ timeout: 20_000 });
  await unlockFromNotes(page);
  const card = page.getByTestId('note-card').filter({ hasText: MARKER });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Open locked note: Diary ${MARKER}` }).click();
  await expect(page.getByText(`Today: ${MARKER}.`).first()).toBeVisible();
  await expect(status).toHaveText('All changes synced', { timeout: 30_000 });

  const scan = await scanCaches(page, MARKER, CONTROL, 'Unlock locked notes');
  // The scan read real entries (the precached shell at least), in full.
  expect(scan.caches.length).toBeGreaterThan(0);
  expect(scan.entries).toBeGreaterThan(0);
  expect(scan.bytes).toBeGreaterThan(10_000);
  // …and finds a word when it is there: the unlock button's label is in the cached scripts.
  expect(scan.known.length).toBeGreaterThan(0);
  expect(scan.marker).toEqual([]);
  // Notes are never cached by the worker (/api is network only): the plain note's word is in no entry either.
  expect(scan.control).toEqual([]);
});
