// Concurrent edits of one note on two devices, against a real server on loopback: edits that merge are merged
// and pushed with reason 'merge'; overlapping ones keep a conflicted copy, counted in the status, which the
// compare view's choices resolve through ordinary synced writes.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { resolveConflict } from '../db/conflict-store.ts';
import { createNote, deleteNote, updateNote } from '../db/notes-store.ts';
import { listOpenConflicts } from './open-conflicts.ts';
import { describeSyncStatus } from './sync-status.ts';
import { type Device, localSummary, serverNotes, setUpSyncFixture } from './sync-test-harness.ts';

const fx = setUpSyncFixture();

const BASE = 'Groceries\n\nMilk and bread.\n\nCall the plumber.\n';

/** A note synced to both devices; returns its local ids on A and B. */
async function sharedNote(a: Device, b: Device, content = BASE, tags: string[] = ['home']) {
  const onA = await createNote({ title: 'Week', content, tags }, a.db);
  await a.engine.syncNow();
  await b.engine.syncNow();
  const onB = (await b.db.notes.toArray())[0]!;
  return { a: onA.id, b: onB.id };
}

/** The device holds no merge base anywhere: neither stored nor kept by its queued edits. */
async function forgetBases(device: Device) {
  await device.db.syncBases.clear();
  await device.db.outbox.toCollection().modify((entry) => {
    delete entry.base;
  });
}

/** reason|title|content of every revision of a note, newest first. */
async function revisionTexts(serverId: number): Promise<string[]> {
  const out: string[] = [];
  for (const summary of await revisionsOf(serverId)) {
    const answer = await fx.server.api('GET', `/api/notes/${serverId}/revisions/${summary.id}`, {
      cookie: fx.cookie,
    });
    const revision = answer.body as { reason: string; title: string; content: string };
    out.push(`${revision.reason}|${revision.title}|${revision.content}`);
  }
  return out;
}

async function revisionsOf(serverId: number) {
  const answer = await fx.server.api('GET', `/api/notes/${serverId}/revisions`, { cookie: fx.cookie });
  return answer.body as Array<{ reason: string; version: number; id: number }>;
}

describe('concurrent edits', () => {
  it('edits of different paragraphs merge: one note, both edits, the pre-merge text kept as a revision', async () => {
    const [a, b] = [fx.device(), fx.device()];
    const ids = await sharedNote(a, b);
    await updateNote(
      ids.a,
      { content: BASE.replace('Milk and bread.', 'Milk, bread, tomatoes.'), tags: ['home', 'food'] },
      a.db,
    );
    await updateNote(
      ids.b,
      { content: BASE.replace('Call the plumber.', 'Call the plumber at 9.'), title: 'This week' },
      b.db,
    );
    await a.engine.syncNow();
    expect(await b.engine.syncNow()).toBe('synced');

    const merged = 'Groceries\n\nMilk, bread, tomatoes.\n\nCall the plumber at 9.\n';
    // B: a stale update (409), then the merged text on top of the server's version.
    expect(b.changes()).toEqual(['update 409', 'update 200']);
    expect(await b.db.notes.get(ids.b)).toMatchObject({
      title: 'This week',
      content: merged,
      tags: ['home', 'food'],
      syncState: 'synced',
      version: 3,
    });
    const onServer = await serverNotes(fx.server, fx.cookie);
    expect(onServer).toHaveLength(1);
    expect(onServer[0]).toMatchObject({ title: 'This week', content: merged, version: 3 });
    const revisions = await revisionsOf(onServer[0]!.id);
    expect(revisions.find((r) => r.version === 2)?.reason).toBe('merge');
    expect(await b.db.conflicts.count()).toBe(0);
    expect(b.engine.getStatus()).toMatchObject({ kind: 'synced', conflicts: 0 });

    await a.engine.syncNow();
    expect(await localSummary(a)).toEqual([`This week|${merged}`]);
    // The base moved with the merge: a further edit on A pushes without a conflict.
    await updateNote(ids.a, { content: `${merged}\nMore.\n` }, a.db);
    await a.engine.syncNow();
    expect(a.changes().filter((c) => c.endsWith(' 409'))).toEqual([]);
    expect(a.changes().at(-1)).toBe('update 200');
  });

  it('an edit made while the stale push was on the wire is merged too', async () => {
    const [a, b] = [fx.device(), fx.device()];
    const ids = await sharedNote(a, b);
    await updateNote(ids.a, { content: BASE.replace('Milk and bread.', 'Milk.') }, a.db);
    await a.engine.syncNow();
    await updateNote(ids.b, { content: BASE.replace('Call the plumber.', 'Call him.') }, b.db);
    let typed = false;
    b.faults.afterResponse = async (method) => {
      if (method !== 'POST' || typed) return;
      typed = true;
      const now = (await b.db.notes.get(ids.b))!;
      await updateNote(ids.b, { content: `${now.content}\nP.S.\n` }, b.db);
    };
    await b.engine.syncNow();
    b.faults.afterResponse = null;
    await b.engine.syncNow();
    const [onServer] = await serverNotes(fx.server, fx.cookie);
    expect(onServer!.content).toBe('Groceries\n\nMilk.\n\nCall him.\n\nP.S.\n');
    expect(await b.db.notes.count()).toBe(1);
  });

  it('edits of the same line keep a conflicted copy, counted as one conflict until the owner chooses', async () => {
    const [a, b] = [fx.device(), fx.device()];
    const ids = await sharedNote(a, b);
    await updateNote(ids.a, { content: BASE.replace('Call the plumber.', 'Call the plumber today.') }, a.db);
    await updateNote(ids.b, { content: BASE.replace('Call the plumber.', 'Call the electrician.') }, b.db);
    await a.engine.syncNow();
    await b.engine.syncNow();

    const conflicts = await listOpenConflicts(b.db);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.note).toMatchObject({
      id: ids.b,
      content: BASE.replace('plumber.', 'plumber today.'),
    });
    expect(conflicts[0]!.copy.content).toBe(BASE.replace('Call the plumber.', 'Call the electrician.'));
    expect(b.engine.getStatus()).toMatchObject({ kind: 'synced', conflicts: 1 });
    expect(describeSyncStatus(b.engine.getStatus())).toBe('1 conflict');
    expect(await serverNotes(fx.server, fx.cookie)).toHaveLength(2);

    // Keep this device's text: it replaces the note (the other text kept as a revision), the copy goes.
    await resolveConflict(conflicts[0]!.copyId, 'copy', b.db);
    await b.engine.syncNow();
    expect(b.engine.getStatus()).toMatchObject({ kind: 'synced', conflicts: 0 });
    const onServer = await serverNotes(fx.server, fx.cookie);
    expect(onServer.map((n) => `${n.title}|${n.content}`)).toEqual([
      `Week|${BASE.replace('Call the plumber.', 'Call the electrician.')}`,
    ]);
    const revisions = await revisionsOf(onServer[0]!.id);
    const kept = revisions.find((r) => r.reason === 'conflict')!;
    const revision = await fx.server.api('GET', `/api/notes/${onServer[0]!.id}/revisions/${kept.id}`, {
      cookie: fx.cookie,
    });
    expect((revision.body as { content: string }).content).toBe(BASE.replace('plumber.', 'plumber today.'));
    await a.engine.syncNow();
    expect(await localSummary(a)).toEqual(await localSummary(b));
  });

  it('keeping the other version deletes the copy; keeping both closes the conflict and keeps both notes', async () => {
    const [a, b] = [fx.device(), fx.device()];
    const ids = await sharedNote(a, b, 'one line');
    await updateNote(ids.a, { content: 'line from A' }, a.db);
    await updateNote(ids.b, { content: 'line from B' }, b.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    const [first] = await listOpenConflicts(b.db);
    await resolveConflict(first!.copyId, 'note', b.db);
    await b.engine.syncNow();
    expect(await localSummary(b)).toEqual(['Week|line from A']);
    const [kept] = await serverNotes(fx.server, fx.cookie);
    expect([kept!.title, kept!.content]).toEqual(['Week', 'line from A']);
    // The discarded text is in the note's History, under the note's own title.
    expect(await revisionTexts(kept!.id)).toContainEqual('conflict|Week|line from B');
    expect(await b.db.outbox.count()).toBe(0);
    await expect(resolveConflict(first!.copyId, 'note', b.db)).rejects.toThrow('already resolved');

    await a.engine.syncNow();
    await updateNote(ids.a, { content: 'again A' }, a.db);
    await updateNote(ids.b, { content: 'again B' }, b.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    const [second] = await listOpenConflicts(b.db);
    await resolveConflict(second!.copyId, 'both', b.db);
    await b.engine.syncNow();
    expect(b.engine.getStatus().conflicts).toBe(0);
    expect((await localSummary(b)).map((s) => s.split('|')[1]).sort()).toEqual(['again A', 'again B']);
  });

  it('keeping the other version after it changed again elsewhere keeps the discarded text as a copy again', async () => {
    const [a, b] = [fx.device(), fx.device()];
    const ids = await sharedNote(a, b, 'one line');
    await updateNote(ids.a, { content: 'from A' }, a.db);
    await updateNote(ids.b, { content: 'from B' }, b.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    const [open] = await listOpenConflicts(b.db);
    await resolveConflict(open!.copyId, 'note', b.db);
    // A edits again before B's choice reaches the server.
    await a.engine.syncNow();
    await updateNote(ids.a, { content: 'from A, later' }, a.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    await b.engine.syncNow();
    const contents = (await serverNotes(fx.server, fx.cookie)).map((n) => n.content).sort();
    expect(contents).toEqual(['from A, later', 'from B']);
    expect((await listOpenConflicts(b.db)).map((c) => [c.note.content, c.copy.content])).toEqual([
      ['from A, later', 'from B'],
    ]);
    expect(await b.db.outbox.count()).toBe(0);
  });

  it("with no base on the device, the server's History gives it when it kept that version", async () => {
    const [a, b] = [fx.device(), fx.device()];
    const ids = await sharedNote(a, b);
    await updateNote(ids.a, { content: BASE.replace('Milk and bread.', 'Milk.') }, a.db);
    await updateNote(ids.b, { content: BASE.replace('Call the plumber.', 'Call him.') }, b.db);
    // Synced before bases were kept (by a version that kept none in the outbox either). A's edit was the note's
    // first, so the server kept version 1.
    await forgetBases(b);
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect(b.calls.filter((c) => c.path.includes('/revisions')).map((c) => c.status)).toEqual([200, 200]);
    expect(await listOpenConflicts(b.db)).toEqual([]);
    expect((await serverNotes(fx.server, fx.cookie)).map((n) => n.content)).toEqual([
      'Groceries\n\nMilk.\n\nCall him.\n',
    ]);
  });

  it('with no base anywhere, both are kept; deleting the copy closes the conflict', async () => {
    const [a, b] = [fx.device(), fx.device()];
    const ids = await sharedNote(a, b);
    // Version 2 reaches B; later the server no longer has it either (as once retention has thinned it).
    await updateNote(ids.a, { content: `${BASE}\nv2\n` }, a.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    await updateNote(ids.a, { content: `${BASE.replace('Milk and bread.', 'Milk.')}\nv2\n` }, a.db);
    await updateNote(ids.b, { content: `${BASE.replace('Call the plumber.', 'Call him.')}\nv2\n` }, b.db);
    await forgetBases(b);
    await a.engine.syncNow();
    await fx.server.handle.store.write((tx) => {
      for (const revision of tx.filter('noteRevisions', () => true)) tx.remove('noteRevisions', revision.id);
    });
    await b.engine.syncNow();
    const [open] = await listOpenConflicts(b.db);
    expect(open!.copy.content).toBe(`${BASE.replace('Call the plumber.', 'Call him.')}\nv2\n`);
    await deleteNote(open!.copyId, b.db);
    expect(await listOpenConflicts(b.db)).toEqual([]);
  });
});
