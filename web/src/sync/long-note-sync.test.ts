// Long notes through the sync engine and a real server: a 200 KB note reaches another device unchanged, and
// a note over the server's limit (413) stays on the device, marked with the server's reason, which the sync
// status shows.
import 'fake-indexeddb/auto';
import { NOTE_CONTENT_MAX, noteTooLongMessage } from '@private-notes/shared';
import { expect, it } from 'vitest';
import { createNote } from '../db/notes-store.ts';
import { describeSyncStatus } from './sync-status.ts';
import { serverNotes, setUpSyncFixture } from './sync-test-harness.ts';

const fixture = setUpSyncFixture();
const device = () => fixture.device();

it('syncs a 200 KB note with unicode and markdown to another device unchanged', async () => {
  const line = '## Kapitel 7 — Ωmega 🧪\n\n- naïve **café** 東京 · שלום\n\n```js\nlet s = "\\u00e9";\n```\n';
  const content = line.repeat(Math.ceil((200 * 1024) / Buffer.byteLength(line)));
  const a = device();
  const local = await createNote({ title: 'Transcript', content, tags: ['long'] }, a.db);
  expect(await a.engine.syncNow()).toBe('synced');
  const b = device();
  expect(await b.engine.syncNow()).toBe('synced');
  const pulled = await b.db.notes.filter((n) => n.title === 'Transcript').first();
  expect(pulled?.content).toBe(content);
  expect((await a.db.notes.get(local.id))?.syncState).toBe('synced');
});

it('keeps a note the server refuses as too long, and the sync status says why', async () => {
  const d = device();
  // Written past the editor (which refuses it), e.g. by an older version of the app with another limit.
  const content = 'x'.repeat(NOTE_CONTENT_MAX + 10);
  const local = await createNote({ title: 'Too long', content, tags: [] }, d.db);
  await d.engine.syncNow();
  const reason = `413: ${noteTooLongMessage(content.length)}`;
  const status = d.engine.getStatus();
  expect(status.kind).toBe('error');
  expect(status.failed).toEqual([{ noteId: local.id, op: 'create', error: reason }]);
  expect(describeSyncStatus(status)).toBe('1 change not synced');
  expect(await d.db.notes.get(local.id)).toMatchObject({ content, syncState: 'error', syncError: reason });
  expect(await serverNotes(fixture.server, fixture.cookie)).toEqual([]);
});
