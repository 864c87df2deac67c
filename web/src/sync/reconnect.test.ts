// Coming back online, against a real server on loopback: the first requests after the `online` event often
// fail (the link is not carrying traffic yet), and the engine tries again within moments instead of after
// the backoff, without showing a failure; a network that stays unusable, or a server that answers 5xx, gets
// the usual backoff.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createNote } from '../db/notes-store.ts';
import { RECONNECT_RETRY_MS } from './sync-engine.ts';
import type { SyncStatus } from './sync-status.ts';
import { serverNotes, setUpSyncFixture } from './sync-test-harness.ts';

const fixture = setUpSyncFixture();
const note = (title: string) => ({ title, content: `${title} body`, tags: [] });

/** A device that starts offline, with its own `online`/`offline` events and every status it publishes. */
async function offlineDevice() {
  let online = false;
  const network = new EventTarget();
  // random 1: the first backoff is its longest (2 s), far from the quick retries.
  const d = fixture.device({ isOnline: () => online, networkEvents: network, random: () => 1 });
  const kinds: SyncStatus['kind'][] = [];
  /** Every time a status said when the next try comes (a backoff was scheduled). */
  const backoffs: string[] = [];
  d.engine.subscribe((status) => {
    kinds.push(status.kind);
    if (status.retryAt != null) backoffs.push(status.retryAt);
  });
  await createNote(note('Written offline'), d.db);
  d.engine.start();
  await vi.waitFor(() => expect(d.engine.getStatus()).toMatchObject({ kind: 'offline', pending: 1 }));
  return {
    d,
    kinds,
    backoffs,
    comeOnline() {
      online = true;
      network.dispatchEvent(new Event('online'));
    },
  };
}

describe('coming back online', () => {
  it('a request that fails right after `online` is tried again within moments, and the failure never shows', async () => {
    const { d, kinds, backoffs, comeOnline } = await offlineDevice();
    d.faults.unreachable = 1;
    backoffs.length = 0;
    comeOnline();
    await vi.waitFor(() => expect(d.engine.getStatus()).toMatchObject({ kind: 'synced', pending: 0 }), {
      timeout: 10_000,
    });
    expect(d.calls[0]).toMatchObject({ status: 'network-error' });
    expect(d.calls.slice(1).every((call) => call.status !== 'network-error')).toBe(true);
    expect(d.changes()).toEqual(['create 201']);
    expect(await serverNotes(fixture.server, fixture.cookie)).toHaveLength(1);
    // No backoff was scheduled (a quick retry instead; not a wall-clock bound, which a loaded machine breaks)
    // and no "Sync failed" flashed meanwhile.
    expect(backoffs).toEqual([]);
    expect(kinds).not.toContain('error');
  });

  it('a network that stays unusable: a few quick retries, then the failure shows with the backoff, then syncs', async () => {
    const { d, comeOnline } = await offlineDevice();
    d.faults.down = true;
    comeOnline();
    await vi.waitFor(
      () =>
        expect(d.engine.getStatus()).toMatchObject({ kind: 'offline', message: 'Network request failed' }),
      { timeout: 10_000 },
    );
    // The first round and one per quick retry; each fails at its first request (the pull).
    expect(d.calls).toHaveLength(1 + RECONNECT_RETRY_MS.length);
    expect(d.engine.getStatus().retryAt).not.toBeNull();
    d.faults.down = false;
    expect(await d.engine.syncNow()).toBe('synced');
    expect(await serverNotes(fixture.server, fixture.cookie)).toHaveLength(1);
  });

  it('a server answering 500 right after `online` gets the backoff, not quick retries', async () => {
    const { d, comeOnline } = await offlineDevice();
    d.faults.fail500 = 1;
    comeOnline();
    await vi.waitFor(() => expect(d.engine.getStatus()).toMatchObject({ kind: 'error' }));
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_RETRY_MS[0]! * 4));
    expect(d.calls.map((call) => call.status)).toEqual([500]);
    expect(d.engine.getStatus().retryAt).not.toBeNull();
  });

  it('going offline during the quick retries stops them; coming back syncs', async () => {
    let online = false;
    const network = new EventTarget();
    const d = fixture.device({ isOnline: () => online, networkEvents: network, random: () => 1 });
    await createNote(note('Flapping'), d.db);
    d.engine.start();
    d.faults.down = true;
    online = true;
    network.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(d.calls.length).toBeGreaterThan(0));
    online = false;
    network.dispatchEvent(new Event('offline'));
    const callsWhenOffline = d.calls.length;
    await new Promise((resolve) =>
      setTimeout(
        resolve,
        RECONNECT_RETRY_MS.reduce((a, b) => a + b, 0),
      ),
    );
    expect(d.calls.length).toBeLessThanOrEqual(callsWhenOffline + 1);
    expect(d.engine.getStatus()).toMatchObject({ kind: 'offline', pending: 1 });
    d.faults.down = false;
    online = true;
    network.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(d.engine.getStatus()).toMatchObject({ kind: 'synced', pending: 0 }));
    expect(d.changes()).toEqual(['create 201']);
  });
});
