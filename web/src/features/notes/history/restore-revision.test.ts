// Restoring a revision on one device: a new version of the same note, pushed like any edit, arriving on the
// other device; the server keeps the replaced text as a 'restore' revision.
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { createNote, updateNote } from '../../../db/notes-store.ts';
import { localSummary, serverNotes, setUpSyncFixture } from '../../../sync/sync-test-harness.ts';
import { restoreRevision } from './restore-revision.ts';

const fixture = setUpSyncFixture();
const device = () => fixture.device();

it('a restored revision becomes the next version of the same note and syncs to device B', async () => {
  const a = device();
  const b = device();
  const local = await createNote({ title: 'Recipe', content: 'flour, water', tags: ['bread'] }, a.db);
  await a.engine.syncNow();
  await updateNote(local.id, { title: 'Recipe v2', content: 'flour, water, oops', tags: [] }, a.db);
  await a.engine.syncNow();
  await b.engine.syncNow();
  expect(await localSummary(b)).toEqual(['Recipe v2|flour, water, oops']);

  const serverId = (await a.db.notes.get(local.id))!.serverId!;
  const list = await fixture.server.api('GET', `/api/notes/${serverId}/revisions`, {
    cookie: fixture.cookie,
  });
  expect(list.body.map((r: { version: number }) => r.version)).toEqual([1]);
  const revision = await fixture.server.api('GET', `/api/notes/${serverId}/revisions/${list.body[0].id}`, {
    cookie: fixture.cookie,
  });

  await restoreRevision(local.id, revision.body, a.db);
  expect(await a.db.outbox.toArray()).toEqual([expect.objectContaining({ op: 'update', reason: 'restore' })]);
  await a.engine.syncNow();
  expect(a.changes().at(-1)).toBe('update 200');

  const onServer = await serverNotes(fixture.server, fixture.cookie);
  expect(onServer).toEqual([
    expect.objectContaining({ id: serverId, title: 'Recipe', content: 'flour, water', version: 3 }),
  ]);
  await b.engine.syncNow();
  expect(await localSummary(b)).toEqual(['Recipe|flour, water']);
  expect((await b.db.notes.toArray())[0]).toMatchObject({ tags: ['bread'], version: 3 });
  // The text the restore replaced is kept as a revision too: nothing is lost by restoring.
  const after = await fixture.server.api('GET', `/api/notes/${serverId}/revisions`, {
    cookie: fixture.cookie,
  });
  expect(after.body.map((r: { version: number; reason: string }) => `${r.version}:${r.reason}`)).toEqual([
    '2:restore',
    '1:edit',
  ]);
});
