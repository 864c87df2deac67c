// The sync engine against a real server on loopback, with faults injected between device and server.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConflict } from '../db/conflict-store.ts';
import { createNote, deleteNote, updateNote } from '../db/notes-store.ts';
import { PUSH_BATCH_SIZE } from './push-outbox.ts';
import { createSyncEngine } from './sync-engine.ts';
import { SIGN_IN_AGAIN } from './sync-status.ts';
import {
  type Device,
  localSummary,
  makeDevice,
  serverNotes,
  startTestServer,
  type TestServer,
} from './sync-test-harness.ts';

let server: TestServer;
let cookie: string;
const devices: Device[] = [];

function device(pageSize?: number): Device {
  const made = makeDevice(server, cookie, pageSize);
  devices.push(made);
  return made;
}

beforeEach(async () => {
  server = await startTestServer();
  cookie = await server.login();
});

afterEach(async () => {
  for (const made of devices.splice(0)) {
    made.engine.stop();
    await made.db.delete();
  }
  await server.close();
});

const note = (title: string, content = `${title} body`, tags: string[] = []) => ({ title, content, tags });

describe('push', () => {
  it('coalesces several offline edits of a note into one create and maps the server id', async () => {
    const d = device();
    const local = await createNote(note('First'), d.db);
    await updateNote(local.id, { content: 'second draft' }, d.db);
    await updateNote(local.id, { content: 'final text', tags: ['x'] }, d.db);
    expect(await d.engine.syncNow()).toBe('synced');
    expect(d.writes().map((c) => c.method)).toEqual(['POST']);
    expect(d.changes()).toEqual(['create 201']);
    const onServer = await serverNotes(server, cookie);
    expect(onServer).toHaveLength(1);
    expect(onServer[0]).toMatchObject({ title: 'First', content: 'final text', clientId: local.id });
    const row = await d.db.notes.get(local.id);
    expect(row).toMatchObject({ serverId: onServer[0]!.id, version: 1, syncState: 'synced' });
    expect(await d.db.outbox.count()).toBe(0);
    expect(d.engine.getStatus()).toMatchObject({ kind: 'synced', pending: 0 });
  });

  it('sends edits of a synced note as one update with its base version', async () => {
    const d = device();
    const local = await createNote(note('Doc'), d.db);
    await d.engine.syncNow();
    await updateNote(local.id, { content: 'a' }, d.db);
    await updateNote(local.id, { content: 'b' }, d.db);
    await d.engine.syncNow();
    expect(d.writes().map((c) => c.method)).toEqual(['POST', 'POST']);
    expect(d.changes()).toEqual(['create 201', 'update 200']);
    const [onServer] = await serverNotes(server, cookie);
    expect(onServer).toMatchObject({ content: 'b', version: 2 });
    expect((await d.db.notes.get(local.id))?.version).toBe(2);
  });

  it('an offline create followed by a delete sends nothing', async () => {
    const d = device();
    const local = await createNote(note('Ephemeral'), d.db);
    await updateNote(local.id, { content: 'typed more' }, d.db);
    await deleteNote(local.id, d.db);
    expect(await d.engine.syncNow()).toBe('synced');
    expect(d.writes()).toEqual([]);
    expect(await serverNotes(server, cookie)).toHaveLength(0);
  });

  it('deletes a synced note on the server and drops the local tombstone', async () => {
    const d = device();
    const local = await createNote(note('Gone soon'), d.db);
    await d.engine.syncNow();
    await deleteNote(local.id, d.db);
    expect((await d.db.notes.get(local.id))?.deleted).toBe(1);
    await d.engine.syncNow();
    expect(await serverNotes(server, cookie)).toHaveLength(0);
    expect(await d.db.notes.get(local.id)).toBeUndefined();
  });
});

describe('faults', () => {
  it('server down: keeps the outbox, reports the failure, schedules a retry, then syncs', async () => {
    const d = device();
    await createNote(note('While down'), d.db);
    d.faults.down = true;
    expect(await d.engine.syncNow()).toBe('failed');
    const status = d.engine.getStatus();
    expect(status).toMatchObject({ kind: 'offline', pending: 1, message: 'Network request failed' });
    expect(status.retryAt).not.toBeNull();
    expect(await d.db.outbox.count()).toBe(1);
    d.faults.down = false;
    expect(await d.engine.syncNow()).toBe('synced');
    expect(await serverNotes(server, cookie)).toHaveLength(1);
    expect(d.engine.getStatus()).toMatchObject({ kind: 'synced', message: null, retryAt: null });
  });

  it('500 answers keep the change queued and a later round delivers it once', async () => {
    const d = device();
    await createNote(note('Through errors'), d.db);
    d.faults.fail500 = 2; // the pull and the retry's pull both fail
    expect(await d.engine.syncNow()).toBe('failed');
    expect(d.engine.getStatus().message).toBe('500: Internal server error');
    expect(await d.engine.syncNow()).toBe('failed');
    expect(await d.engine.syncNow()).toBe('synced');
    expect(await serverNotes(server, cookie)).toHaveLength(1);
  });

  it('a create whose answer was lost after the server committed is not duplicated by the retry', async () => {
    const d = device();
    const local = await createNote(note('Once only'), d.db);
    d.faults.loseResponse = (method) => method === 'POST';
    expect(await d.engine.syncNow()).toBe('failed');
    expect(await serverNotes(server, cookie)).toHaveLength(1); // committed, though we never heard back
    expect(await d.db.outbox.count()).toBe(1);
    expect(await d.engine.syncNow()).toBe('synced');
    const onServer = await serverNotes(server, cookie);
    expect(onServer).toHaveLength(1);
    expect((await d.db.notes.get(local.id))?.serverId).toBe(onServer[0]!.id);
    expect(await d.db.notes.count()).toBe(1);
  });

  it('a lost answer followed by more typing still ends with the latest text on the server, once', async () => {
    const d = device();
    const local = await createNote(note('Typing'), d.db);
    d.faults.loseResponse = (method) => method === 'POST';
    await d.engine.syncNow();
    await updateNote(local.id, { content: 'typed after the lost answer' }, d.db);
    expect(await d.engine.syncNow()).toBe('synced');
    const onServer = await serverNotes(server, cookie);
    expect(onServer).toHaveLength(1);
    expect(onServer[0]!.content).toBe('typed after the lost answer');
  });

  it('401 mid-sync pauses, keeps the outbox, asks to sign in again, and resumes after sign-in', async () => {
    const d = device();
    // More notes than one batch, so a second batch meets the ended session.
    const total = PUSH_BATCH_SIZE + 4;
    const titles = Array.from({ length: total }, (_, i) => `note ${String(i).padStart(3, '0')}`);
    for (const title of titles) await createNote(note(title), d.db);
    d.faults.afterResponse = async (method) => {
      if (method !== 'POST') return;
      d.faults.afterResponse = null;
      await server.api('POST', '/api/logout', { cookie }); // the session ends while pushes are under way
    };
    expect(await d.engine.syncNow()).toBe('unauthorized');
    const waiting = await d.db.outbox.count();
    expect(waiting).toBeGreaterThan(0); // a second batch met the 401
    expect(d.engine.getStatus()).toMatchObject({
      kind: 'unauthorized',
      pending: waiting,
      message: SIGN_IN_AGAIN,
    });
    expect(d.calls.some((c) => c.status === 401)).toBe(true);
    const callsBefore = d.calls.length;
    expect(await d.engine.syncNow()).toBe('unauthorized'); // stays paused, sends nothing
    expect(d.calls.length).toBe(callsBefore);
    cookie = await server.login();
    expect((await serverNotes(server, cookie)).length).toBe(total - waiting);
    d.setCookie(cookie);
    expect(await d.engine.resume()).toBe('synced');
    expect((await serverNotes(server, cookie)).map((n) => n.title).sort()).toEqual(titles);
    expect(await d.db.outbox.count()).toBe(0);
  });

  it('a change the server refuses stays visible with the reason while the others go through', async () => {
    const d = device();
    const bad = await createNote(note('x'.repeat(250)), d.db);
    await createNote(note('fine'), d.db);
    expect(await d.engine.syncNow()).toBe('synced');
    const status = d.engine.getStatus();
    expect(status.kind).toBe('error');
    expect(status.pending).toBe(1);
    expect(status.failed).toEqual([
      { noteId: bad.id, op: 'create', error: expect.stringMatching(/^400: title: .*200/) },
    ]);
    expect(await d.db.notes.get(bad.id)).toMatchObject({
      syncState: 'error',
      syncError: expect.stringMatching(/^400/),
    });
    expect((await serverNotes(server, cookie)).map((n) => n.title)).toEqual(['fine']);
    // Fixing the note clears the refusal and the next round sends it.
    await updateNote(bad.id, { title: 'shorter' }, d.db);
    await d.engine.syncNow();
    expect(d.engine.getStatus()).toMatchObject({ kind: 'synced', pending: 0, failed: [] });
    expect(await serverNotes(server, cookie)).toHaveLength(2);
  });
});

describe('two devices', () => {
  it('a stale edit keeps both versions: the server one in place, the local one as a conflicted copy', async () => {
    const a = device();
    const b = device();
    const original = await createNote(note('Plan', 'v0'), a.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    const onB = (await b.db.notes.toArray())[0]!;
    await updateNote(original.id, { content: 'edited on A' }, a.db);
    await updateNote(onB.id, { content: 'edited on B' }, b.db);
    await a.engine.syncNow();
    expect(await b.engine.syncNow()).toBe('synced');
    const bNotes = await b.db.notes.toArray();
    expect(bNotes).toHaveLength(2);
    expect(bNotes.find((n) => n.id === onB.id)).toMatchObject({ title: 'Plan', content: 'edited on A' });
    const copy = bNotes.find((n) => n.id !== onB.id)!;
    expect(copy.title).toMatch(/^Plan \(conflicted copy \d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/);
    expect(copy.content).toBe('edited on B');
    await a.engine.syncNow();
    expect(await localSummary(a)).toEqual(await localSummary(b));
    expect(await serverNotes(server, cookie)).toHaveLength(2);
  });

  it('a delete made on another device arrives through the changes feed', async () => {
    const a = device();
    const b = device();
    const shared = await createNote(note('Shared'), a.db);
    await createNote(note('Stays'), a.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect(await b.db.notes.count()).toBe(2);
    await deleteNote(shared.id, a.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect(await localSummary(b)).toEqual(['Stays|Stays body']);
  });

  it('an edit of a note another device deleted is kept as a new note', async () => {
    const a = device();
    const b = device();
    const shared = await createNote(note('Draft', 'old'), a.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    await deleteNote(shared.id, a.db);
    await a.engine.syncNow();
    const onB = (await b.db.notes.toArray())[0]!;
    await updateNote(onB.id, { content: 'precious words' }, b.db);
    expect(await b.engine.syncNow()).toBe('synced');
    expect(await localSummary(b)).toEqual(['Draft|precious words']);
    const onServer = await serverNotes(server, cookie);
    expect(onServer.map((n) => n.content)).toEqual(['precious words']);
    await a.engine.syncNow();
    expect(await localSummary(a)).toEqual(['Draft|precious words']);
  });

  it('an edit made elsewhere wins over a delete made here without seeing it', async () => {
    const a = device();
    const b = device();
    const shared = await createNote(note('Keep me', 'v1'), a.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    await deleteNote(shared.id, a.db);
    const onB = (await b.db.notes.toArray())[0]!;
    await updateNote(onB.id, { content: 'v2 from B' }, b.db);
    await b.engine.syncNow();
    await a.engine.syncNow();
    expect(await localSummary(a)).toEqual(['Keep me|v2 from B']);
    expect((await serverNotes(server, cookie)).map((n) => n.content)).toEqual(['v2 from B']);
  });

  it('pulls in pages until the feed says there is no more', async () => {
    const a = device();
    const b = device(2);
    // One push each: a batch's notes share a change and arrive on one page, however small the page.
    for (let i = 0; i < 7; i++) {
      await createNote(note(`n${i}`), a.db);
      await a.engine.syncNow();
    }
    await b.engine.syncNow();
    expect(await b.db.notes.count()).toBe(7);
    expect(b.calls.filter((c) => c.path === '/api/notes/changes').length).toBeGreaterThanOrEqual(4);
  });

  for (const order of ['A first', 'B first'] as const) {
    it(`offline edits on two devices converge with nothing lost (${order})`, async () => {
      const a = device();
      const b = device();
      const doc = await createNote(note('Doc', 'base'), a.db);
      const toDelete = await createNote(note('Old'), a.db);
      await a.engine.syncNow();
      await b.engine.syncNow();
      const docOnB = (await b.db.notes.get(doc.id))!;
      expect(docOnB.content).toBe('base');
      // Offline on both: overlapping edits, new notes, a delete on one side.
      await updateNote(doc.id, { content: 'A version' }, a.db);
      await createNote(note('From A'), a.db);
      await deleteNote(toDelete.id, a.db);
      await updateNote(doc.id, { content: 'B version', tags: ['b'] }, b.db);
      await createNote(note('From B'), b.db);
      const created = await createNote(note('B temp'), b.db);
      await deleteNote(created.id, b.db);

      const [first, second] = order === 'A first' ? [a, b] : [b, a];
      await first.engine.syncNow();
      await second.engine.syncNow();
      await first.engine.syncNow();
      await second.engine.syncNow();

      const summaryA = await localSummary(a);
      expect(summaryA).toEqual(await localSummary(b));
      const contents = summaryA.map((s) => s.split('|')[1]);
      expect(contents).toEqual(
        expect.arrayContaining(['A version', 'B version', 'From A body', 'From B body']),
      );
      expect(summaryA).toHaveLength(4);
      expect(summaryA.some((s) => s.startsWith('Old|'))).toBe(false);
      expect(summaryA.some((s) => s.includes('(conflicted copy'))).toBe(true);
      const onServer = await serverNotes(server, cookie);
      expect(onServer.map((n) => `${n.title}|${n.content}`).sort()).toEqual(summaryA);
      expect(await a.db.outbox.count()).toBe(0);
      expect(await b.db.outbox.count()).toBe(0);
    });
  }
});

describe('guards', () => {
  it('a pull never overwrites a note with pending local changes', async () => {
    const a = device();
    const b = device();
    const shared = await createNote(note('Guarded', 'v1'), a.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    await updateNote(shared.id, { content: 'server side' }, a.db);
    await a.engine.syncNow();
    await updateNote(shared.id, { content: 'mine, not pushed' }, b.db);
    // Pull only: the push is made to fail so the guard alone decides.
    b.faults.afterResponse = async (method, url) => {
      if (method === 'GET' && url.includes('/changes')) b.faults.down = true;
    };
    await b.engine.syncNow();
    expect((await b.db.notes.get(shared.id))?.content).toBe('mine, not pushed');
  });

  it('a new, empty server never wipes local notes: they are pushed to it again', async () => {
    const d = device();
    await createNote(note('Survivor 1'), d.db);
    await createNote(note('Survivor 2'), d.db);
    await d.engine.syncNow();
    // The server loses its data (a fresh data dir).
    await server.close();
    server = await startTestServer();
    cookie = await server.login();
    // Same device database, now talking to the new server.
    const engine = createSyncEngine({
      db: d.db,
      baseUrl: server.url,
      headers: () => ({ cookie }),
      locks: null,
      isOnline: () => true,
    });
    expect(await engine.syncNow()).toBe('synced');
    expect(await localSummary(d)).toEqual(['Survivor 1|Survivor 1 body', 'Survivor 2|Survivor 2 body']);
    expect((await serverNotes(server, cookie)).map((n) => n.title).sort()).toEqual([
      'Survivor 1',
      'Survivor 2',
    ]);
  });
});

describe('triggers', () => {
  it('a started engine pushes a local change by itself shortly after it is made', async () => {
    const d = device();
    const engine = createSyncEngine({
      db: d.db,
      baseUrl: server.url,
      headers: () => ({ cookie }),
      locks: null,
      isOnline: () => true,
      debounceMs: 50,
    });
    engine.start();
    try {
      await expect.poll(() => engine.getStatus().kind, { timeout: 5000 }).toBe('synced');
      await createNote(note('Pushed by the debounce'), d.db);
      await expect.poll(async () => (await serverNotes(server, cookie)).length, { timeout: 5000 }).toBe(1);
      await expect
        .poll(() => engine.getStatus(), { timeout: 5000 })
        .toMatchObject({ kind: 'synced', pending: 0 });
    } finally {
      engine.stop();
    }
  });

  it('the moment a save commits, the status stops saying "All changes synced" until the push is answered', async () => {
    const d = device();
    const engine = createSyncEngine({
      db: d.db,
      baseUrl: server.url,
      headers: () => ({ cookie }),
      locks: null,
      isOnline: () => true,
      debounceMs: 200,
    });
    engine.start();
    try {
      await expect.poll(() => engine.getStatus().kind, { timeout: 5000 }).toBe('synced');
      // What the screen reads as the save resolves (the list shows the note on the same tick): before the fix
      // the queues' live query had not answered yet, and the status still said "synced" with nothing waiting.
      await createNote(note('Saved just now'), d.db);
      expect(engine.getStatus().kind).toBe('pending');
      await expect
        .poll(() => engine.getStatus(), { timeout: 5000 })
        .toMatchObject({ kind: 'pending', pending: 1 });
      await expect.poll(async () => (await serverNotes(server, cookie)).length, { timeout: 5000 }).toBe(1);
      await expect
        .poll(() => engine.getStatus(), { timeout: 5000 })
        .toMatchObject({ kind: 'synced', pending: 0 });
      // A file queued by itself (an image pasted into a synced note) counts the same way.
      await d.db.uploads.add({
        sha256: 'a'.repeat(64),
        name: 'pasted.png',
        queuedAt: new Date().toISOString(),
        error: null,
      });
      expect(engine.getStatus().kind).not.toBe('synced');
    } finally {
      engine.stop();
    }
  });

  it('resolving a conflict never says "All changes synced" before the resolution is sent', async () => {
    const a = device();
    const b = device();
    const original = await createNote(note('Plan', 'v0'), a.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    const onB = (await b.db.notes.toArray())[0]!;
    await updateNote(original.id, { content: 'edited on A' }, a.db);
    await updateNote(onB.id, { content: 'edited on B' }, b.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    const [row] = await b.db.conflicts.toArray();
    const engine = createSyncEngine({
      db: b.db,
      baseUrl: server.url,
      headers: () => ({ cookie }),
      locks: null,
      isOnline: () => true,
      debounceMs: 300,
    });
    const seen: string[] = [];
    engine.subscribe((status) => seen.push(`${status.kind}|${status.pending}|${status.conflicts}`));
    engine.start();
    try {
      await expect
        .poll(() => engine.getStatus(), { timeout: 5000 })
        .toMatchObject({ kind: 'synced', conflicts: 1 });
      seen.length = 0;
      await resolveConflict(row!.copyId, 'copy', b.db);
      await expect.poll(async () => (await serverNotes(server, cookie)).length, { timeout: 5000 }).toBe(1);
      await expect
        .poll(() => engine.getStatus(), { timeout: 5000 })
        .toMatchObject({ kind: 'synced', pending: 0 });
      // Until the round that sends it, the resolution is waiting, never "synced" with nothing waiting.
      const beforeSending = seen.slice(
        0,
        Math.max(
          0,
          seen.findIndex((s) => s.startsWith('syncing')),
        ),
      );
      expect(beforeSending.length).toBeGreaterThan(0);
      expect(beforeSending.filter((s) => s.startsWith('synced|0|'))).toEqual([]);
    } finally {
      engine.stop();
    }
  });

  it('with another tab holding the lock, this one skips the round', async () => {
    const d = device();
    await createNote(note('Held'), d.db);
    const heldLocks = {
      request: async (_name: string, _options: unknown, callback: (lock: null) => unknown) => callback(null),
    } as unknown as LockManager;
    const engine = createSyncEngine({
      db: d.db,
      baseUrl: server.url,
      headers: () => ({ cookie }),
      locks: heldLocks,
      isOnline: () => true,
    });
    expect(await engine.syncNow()).toBe('busy');
    expect(await serverNotes(server, cookie)).toHaveLength(0);
  });

  it('a tab whose last round failed waits for the tab holding the lock, then shows how things stand', async () => {
    const locks = new TabLocks();
    const a = makeDevice(server, cookie, undefined, { locks });
    devices.push(a);
    await createNote(note('Milk'), a.db);
    // The server answers 500 (its disk full, say): "Sync failed".
    a.faults.fail500 = 1000;
    expect(await a.engine.syncNow()).toBe('failed');
    expect(a.engine.getStatus().kind).toBe('error');

    // Another tab of the same browser (the same database) takes the sync lock and sends everything.
    a.faults.fail500 = 0;
    const release = await locks.hold();
    const otherTab = createSyncEngine({
      db: a.db,
      baseUrl: server.url,
      headers: () => ({ cookie }),
      locks: null, // its round runs inside the lock `hold` took
      isOnline: () => true,
    });
    const retry = a.engine.syncNow();
    expect(await otherTab.syncNow()).toBe('synced');
    // Skipped while the other tab synced, this tab would keep "Sync failed" for good: it waits instead.
    expect(a.engine.getStatus().kind).toBe('syncing');
    release();
    expect(await retry).toBe('synced');
    expect(a.engine.getStatus()).toMatchObject({ kind: 'synced', pending: 0 });
    expect((await serverNotes(server, cookie)).map((n) => n.title)).toEqual(['Milk']);
  });

  it('a tab without a failure of its own still skips the round another tab is running', async () => {
    const locks = new TabLocks();
    const a = makeDevice(server, cookie, undefined, { locks });
    devices.push(a);
    expect(await a.engine.syncNow()).toBe('synced');
    const release = await locks.hold();
    expect(await a.engine.syncNow()).toBe('busy');
    release();
  });
});

/** Exclusive Web Locks as one browser's tabs share them: `ifAvailable`, a queue of waiters, `signal`. */
class TabLocks {
  #held = false;
  #queue: Array<() => void> = [];

  async request(
    _name: string,
    optionsOrCallback: LockOptions | ((lock: Lock | null) => unknown),
    maybeCallback?: (lock: Lock | null) => unknown,
  ): Promise<unknown> {
    const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback)!;
    if (this.#held) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((resolve, reject) => {
        this.#queue.push(resolve);
        options.signal?.addEventListener('abort', () => {
          this.#queue = this.#queue.filter((waiter) => waiter !== resolve);
          reject(new DOMException('The lock request was aborted.', 'AbortError'));
        });
      });
    }
    this.#held = true;
    try {
      return await callback({ name: 'private-notes-sync', mode: 'exclusive' } as Lock);
    } finally {
      this.#release();
    }
  }

  /** Takes the lock as another tab would; the returned function lets it go. */
  async hold(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let taken!: () => void;
    const takenNow = new Promise<void>((resolve) => {
      taken = resolve;
    });
    void this.request('private-notes-sync', () => {
      taken();
      return held;
    });
    await takenNow;
    return release;
  }

  async query(): Promise<LockManagerSnapshot> {
    const lock = { name: 'private-notes-sync', mode: 'exclusive' as const };
    return { held: this.#held ? [lock] : [], pending: this.#queue.map(() => lock) };
  }

  #release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}
