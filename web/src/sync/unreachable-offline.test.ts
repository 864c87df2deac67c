// A browser can say it is online while no request gets through: Chromium, reloaded while offline, may report
// navigator.onLine true and never fire `offline`. Sync then tells by its own failed requests: the status says
// "Offline" (never "Sync failed"), attempts stay a few seconds apart, and the first one that gets through syncs
// without any `online` event.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createNote } from '../db/notes-store.ts';
import { UNREACHABLE_RETRY_MAX_MS } from './sync-engine.ts';
import { describeSyncStatus, type SyncStatus } from './sync-status.ts';
import { serverNotes, setUpSyncFixture } from './sync-test-harness.ts';

const fixture = setUpSyncFixture();
const note = (title: string) => ({ title, content: `${title} body`, tags: [] });

describe('a device whose browser says online while nothing gets through', () => {
  it('reads "Offline" with its waiting changes, not "Sync failed", and syncs when requests get through', async () => {
    // random 1: every backoff is its longest; the 5th failure would wait 32 s.
    const d = fixture.device({ isOnline: () => true, networkEvents: new EventTarget(), random: () => 1 });
    const kinds: SyncStatus['kind'][] = [];
    d.engine.subscribe((status) => kinds.push(status.kind));
    d.faults.down = true;
    await createNote(note('Written while unreachable'), d.db);
    for (let i = 0; i < 5; i++) expect(await d.engine.syncNow()).toBe('failed');
    const status = d.engine.getStatus();
    expect(status).toMatchObject({ kind: 'offline', pending: 1, message: 'Network request failed' });
    expect(describeSyncStatus(status)).toBe('Offline · 1 change waiting');
    expect(kinds).not.toContain('error');
    // The next attempt is never further off than the cap, however many failed before.
    const retryIn = Date.parse(status.retryAt as string) - Date.now();
    expect(retryIn).toBeLessThanOrEqual(UNREACHABLE_RETRY_MAX_MS);
    expect(retryIn).toBeGreaterThan(0);

    d.faults.down = false;
    expect(await d.engine.syncNow()).toBe('synced');
    expect(d.engine.getStatus()).toMatchObject({ kind: 'synced', pending: 0, message: null });
    expect((await serverNotes(fixture.server, fixture.cookie)).map((n) => n.title)).toEqual([
      'Written while unreachable',
    ]);
  });

  it('retries by itself, with no `online` event, once the connection works again', async () => {
    const d = fixture.device({
      isOnline: () => true,
      networkEvents: new EventTarget(),
      random: () => 1,
      unreachableRetryMaxMs: 300,
    });
    d.faults.down = true;
    await createNote(note('Back by itself'), d.db);
    d.engine.start();
    // Several failures in: the backoff alone would now wait many seconds.
    await vi.waitFor(() => expect(d.calls.length).toBeGreaterThanOrEqual(4), { timeout: 5_000 });
    expect(d.engine.getStatus().kind).toBe('offline');
    d.faults.down = false;
    await vi.waitFor(() => expect(d.engine.getStatus()).toMatchObject({ kind: 'synced', pending: 0 }), {
      timeout: 5_000,
    });
    expect(await serverNotes(fixture.server, fixture.cookie)).toHaveLength(1);
  });

  it('a server that answers badly is still "Sync failed", not offline', async () => {
    const d = fixture.device({ isOnline: () => true, networkEvents: new EventTarget() });
    d.faults.fail500 = 1;
    await createNote(note('Server said no'), d.db);
    expect(await d.engine.syncNow()).toBe('failed');
    expect(describeSyncStatus(d.engine.getStatus())).toBe('Sync failed · 1 change waiting');
  });
});
