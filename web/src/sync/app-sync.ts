// The app's one sync engine over the shared database, started once the owner is signed in. It also asks the
// browser to keep the database (persistent storage) and guards sign-out while changes wait to be pushed.
import { collectLocalAttachmentGarbage } from '../db/attachment-store.ts';
import { db } from '../db/db.ts';
import { registerLogoutGuard } from '../features/auth/logout-guard.ts';
import { liveFeedBus } from './live/live-feed-bus.ts';
import { createSyncEngine } from './sync-engine.ts';

/** Pulls at once when the live channel (live/app-live.ts, held by the private layout) says notes moved. */
export const syncEngine = createSyncEngine({ db, live: liveFeedBus });

export const UNSYNCED_LOGOUT_WARNING = (n: number) =>
  `${n === 1 ? '1 change has' : `${n} changes have`} not been synced yet. They stay on this device and sync after you sign in again. Sign out anyway?`;

let stopGuard: (() => void) | null = null;
let gcTimer: ReturnType<typeof setTimeout> | null = null;
/** Local garbage collection runs once a while after sync starts: off the start-up path, cheap, idempotent. */
const LOCAL_GC_DELAY_MS = 30_000;

/** Idempotent: the notes screen and the private layout may both call it. */
export function startSync(): void {
  syncEngine.start();
  void requestPersistentStorage();
  gcTimer ??= setTimeout(() => void collectLocalAttachmentGarbage().catch(() => {}), LOCAL_GC_DELAY_MS);
  stopGuard ??= registerLogoutGuard(async () => {
    if (typeof window === 'undefined') return true;
    // Read from the database, not the status (which follows the queue a moment later): an editor's text saved
    // on the way out has just been queued. Online, waiting changes are pushed first, so the owner is asked
    // only about what really cannot reach the server now.
    if ((await db.outbox.count()) > 0 && navigator.onLine) await syncEngine.syncNow().catch(() => {});
    const pending = await db.outbox.count();
    if (pending === 0) return true;
    return window.confirm(UNSYNCED_LOGOUT_WARNING(pending));
  });
}

export function stopSync(): void {
  syncEngine.stop();
  if (gcTimer) clearTimeout(gcTimer);
  gcTimer = null;
  stopGuard?.();
  stopGuard = null;
}

/** Without it the browser may evict IndexedDB under storage pressure, and with it unsynced notes. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  try {
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
