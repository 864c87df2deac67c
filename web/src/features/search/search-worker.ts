// The search worker: holds the notes index off the main thread, so building it (seconds for 10,000 notes on
// a first visit) and answering queries never hold up typing or scrolling.
/// <reference lib="webworker" />
import { db } from '../../db/db.ts';
import { NotesSearchEngine } from './notes-search-engine.ts';
import type { SearchRequest, SearchResponse } from './search-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

const engine = new NotesSearchEngine(db);
/** Saved this long after the last change, so a burst of edits or a sync writes the index once. */
const SAVE_DELAY_MS = 5_000;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<void> = Promise.resolve();
let refreshQueued = false;

const post = (message: SearchResponse) => self.postMessage(message);

function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    engine.save().catch((error: unknown) => post({ type: 'failed', message: String(error) }));
  }, SAVE_DELAY_MS);
}

// One refresh at a time; requests arriving meanwhile fold into one more after it.
function refresh() {
  if (refreshQueued) return;
  refreshQueued = true;
  refreshing = refreshing.then(async () => {
    refreshQueued = false;
    try {
      if ((await engine.refresh()) > 0) scheduleSave();
    } catch (error) {
      post({ type: 'failed', message: String(error) });
    }
  });
}

const started = engine
  .start()
  .then(() => {
    post({ type: 'ready', size: engine.size });
    scheduleSave();
  })
  .catch((error: unknown) => post({ type: 'failed', message: String(error) }));

self.onmessage = (event: MessageEvent<SearchRequest>) => {
  const request = event.data;
  if (request.type === 'refresh') {
    void started.then(refresh);
  } else if (request.type === 'search') {
    // After any refresh already asked for, so a note just saved is found by the next keystroke.
    void refreshing.then(() => {
      const hits = engine.search(request.text);
      post({
        type: 'search',
        seq: request.seq,
        ready: engine.ready,
        ids: hits?.map((hit) => hit.id) ?? [],
        terms: hits?.[0]?.terms ?? [],
      });
    });
  } else if (request.type === 'titles') {
    // Once the index has loaded (or been built): before that the titles are not all known.
    void started.then(() =>
      post({ type: 'titles', seq: request.seq, matches: engine.titles(request.text, request.limit) }),
    );
  }
};
