// Bench helper: fills the app's IndexedDB (in a page of the app) with never-synced notes, for benches of the
// notes screen and the editor with a large local database.

/** Fills the app's own IndexedDB database (created by the app's first visit) with never-synced notes. */
export async function seedLocal(page, count) {
  return page.evaluate(async (n) => {
    const words = [
      'alpha',
      'beta',
      'gamma',
      'delta',
      'orbit',
      'rocket',
      'garden',
      'recipe',
      'travel',
      'budget',
    ];
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('private-notes');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction('notes', 'readwrite');
    const store = tx.objectStore('notes');
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < n; i++) {
      const word = words[i % words.length];
      const at = new Date(start + i * 60_000).toISOString();
      store.put({
        id: `bench-${i}`,
        serverId: null,
        version: null,
        title: `Note ${i} about ${word}`,
        content:
          `# ${word} ${i}\n\nSome text about ${word} and ${words[(i * 7) % words.length]}, written as note number ${i}. `.repeat(
            4,
          ),
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
    return n;
  }, count);
}
