// One round's work, in its order: pull the notes that changed elsewhere, record the bases a first sync left
// out, push this device's queued changes (pulling again when they were answered or the server looked
// reset), then the queued files. Errors are the engine's to sort out (sync-engine.ts).
import type { NotesDatabase } from '../db/notes-database.ts';
import { type PullProgress, pullChanges } from './pull-changes.ts';
import { pushOutbox } from './push-outbox.ts';
import { pushUploads } from './push-uploads.ts';
import type { createBytesRequest, SyncRequest } from './sync-http.ts';

export interface SyncRoundContext {
  db: NotesDatabase;
  request: SyncRequest;
  bytesRequest: ReturnType<typeof createBytesRequest>;
  now: () => Date;
  pageSize?: number;
  signal: AbortSignal;
  earlyFeedWaitMs?: number;
  /** A first sync's progress, page by page; `null` once the pull that was one has ended. */
  onFirstSync(progress: PullProgress | null): void;
  /** The outbox is read for the push now: entries queued later may miss this round. */
  onPushStart(): Promise<void>;
}

export async function runSyncRound(ctx: SyncRoundContext): Promise<void> {
  const { db } = ctx;
  let first = false;
  const pullContext = {
    db,
    request: ctx.request,
    now: ctx.now,
    pageSize: ctx.pageSize,
    onProgress: (progress: PullProgress) => {
      first = true;
      ctx.onFirstSync(progress);
    },
    // A first sync waits for the page's early first page (early-feed.ts) as long as for any request.
    signal: ctx.signal,
    earlyFeedWaitMs: ctx.earlyFeedWaitMs,
  };
  // The notes screen waits for the end of a first sync to read the whole list: say so as soon as it ends.
  const pull = () =>
    pullChanges(pullContext).finally(() => {
      if (!first) return;
      first = false;
      ctx.onFirstSync(null);
    });
  const pulled = await pull();
  await ctx.onPushStart();
  const pushed = await pushOutbox(pullContext);
  if (pushed > 0 || pulled.reset) await pull();
  // After the notes: a note whose files are still uploading syncs all the same.
  await pushUploads({ db, bytesRequest: ctx.bytesRequest });
}
