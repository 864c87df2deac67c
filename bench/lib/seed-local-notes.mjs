// Bench helper: fills the app's IndexedDB (in a page of the app) with never-synced notes from the shared corpus
// (note-corpus.mjs), for benches of the notes screen and the editor with a large local database.
import { makeNote } from './note-corpus.mjs';

/** Fills the app's own IndexedDB database (created by the app's first visit) with `count` corpus notes. */
export async function seedLocal(page, count, { seed = 42 } = {}) {
  // In slices, so no single message to the page carries tens of megabytes.
  for (let start = 0; start < count; start += 2000) {
    const notes = [];
    for (let i = start; i < Math.min(count, start + 2000); i++) {
      const { title, content, tags } = makeNote(i, { seed });
      notes.push({ i, title, content, tags });
    }
    await page.evaluate(async (batch) => {
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open('private-notes');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction('notes', 'readwrite');
      const store = tx.objectStore('notes');
      const start = Date.parse('2026-01-01T00:00:00Z');
      for (const { i, title, content, tags } of batch) {
        const at = new Date(start + i * 60_000).toISOString();
        store.put({
          id: `bench-${i}`,
          serverId: null,
          version: null,
          title,
          content,
          tags,
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
    }, notes);
  }
  return count;
}
