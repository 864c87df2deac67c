// Cards of a locked note over real HTTP (both stores; docs/decisions/locked-notes-cards-attachments.md): the
// server keeps sealed cards as sent, refuses a plain (or half-sealed, or damaged) card of a locked note with a
// clear 400 and stores nothing of the batch, and accepts plain cards again once the note is unlocked.
import { sealCard } from '@private-notes/shared/vault/sealed-card';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAIN_CARD_OF_LOCKED_NOTE_MESSAGE } from '../src/vault/locked-card-rules.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { makeVault, type TestVault } from './vault-fixtures.ts';

let s: TestServer;
let cookie: string;
let made: TestVault;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
  made = await makeVault();
});
afterAll(() => s.close());

const flashcard = (noteId: string, id: string, question = 'What is locked?', answer = 'the diary') => ({
  kind: 'flashcard' as const,
  id,
  noteId,
  question,
  answer,
  cloze: null,
  origin: 'generated' as const,
  edited: false,
  suspended: false,
});
let changes = 0;
const put = (card: object, baseVersion = 0) => ({ op: 'put', change: `lc-${++changes}`, baseVersion, card });
const push = (...list: unknown[]) => s.api('POST', '/api/cards', { cookie, body: { changes: list } });

async function lockedNote(clientId: string) {
  const noteKey = made.vault.createNoteKey(clientId);
  const content = made.vault.lockNote(clientId, { title: 'Diary', content: 'Dear diary', tags: [] }, noteKey);
  const res = await s.api('POST', '/api/notes', { cookie, body: { title: '', content, tags: [], clientId } });
  expect(res.status).toBe(201);
  return { noteKey, note: res.body as { id: number; version: number } };
}

describe('cards of a locked note', () => {
  it('are stored sealed as sent; a plain or half-sealed one is refused with 400 and nothing is stored', async () => {
    const { noteKey } = await lockedNote('lk-1');
    const sealed = sealCard(made.vault, noteKey, 'flashcard', flashcard('lk-1', 'fc-s1'));
    const point = sealCard(made.vault, noteKey, 'keyPoint', {
      kind: 'keyPoint' as const,
      id: 'kp-s1',
      noteId: 'lk-1',
      content: 'A point',
      origin: 'generated' as const,
      edited: false,
    });
    const ok = await push(put(sealed), put(point));
    expect(ok.status).toBe(200);
    expect(ok.body.results[0].card.state).toEqual(sealed);
    expect(s.handle.store.all('cards').map((c) => c.state)).toEqual([sealed, point]);

    const before = s.handle.store.all('cards').length;
    const plain = await push(put(flashcard('lk-1', 'fc-p1')), put(flashcard('lk-1', 'fc-p2')));
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe(`changes.0: ${PLAIN_CARD_OF_LOCKED_NOTE_MESSAGE}`);
    const half = await push(put({ ...sealed, id: 'fc-h', answer: 'plain answer' }));
    expect(half).toMatchObject({ status: 400, body: { message: /changes\.0: this card is damaged/ } });
    const damaged = await push(put({ ...sealed, id: 'fc-d', answer: 'pnenc.1.xc20p.k.???' }));
    expect(damaged).toMatchObject({ status: 400, body: { message: /changes\.0: answer: .*damaged/ } });
    // Sealing an existing card over with plain text is refused too (the edit of a card of a locked note).
    const over = await push(put({ ...flashcard('lk-1', 'fc-s1') }, 1));
    expect(over.status).toBe(400);
    expect(s.handle.store.all('cards')).toHaveLength(before);
    expect(s.handle.store.all('cards')[0]!.state).toEqual(sealed);
  });

  it('a plain card of a plain note still passes; once its note is locked, only sealed text does, and plain again after unlocking', async () => {
    const res = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'Plain', content: 'Plain text', tags: [], clientId: 'pl-1' },
    });
    expect((await push(put(flashcard('pl-1', 'fc-pl1')))).status).toBe(200);
    // Lock the note (its client id binds the associated data), then re-send its card sealed.
    const noteKey = made.vault.createNoteKey('pl-1');
    const content = made.vault.lockNote('pl-1', { title: 'Plain', content: 'Plain text', tags: [] }, noteKey);
    const locked = await s.api('PUT', `/api/notes/${res.body.id}`, {
      cookie,
      body: { title: '', content, tags: [], baseVersion: res.body.version },
    });
    expect(locked.status).toBe(200);
    expect((await push(put(flashcard('pl-1', 'fc-pl1', 'Edited?'), 1))).status).toBe(400);
    const sealed = sealCard(made.vault, noteKey, 'flashcard', flashcard('pl-1', 'fc-pl1'));
    expect((await push(put(sealed, 1))).body.results[0]).toMatchObject({
      status: 'applied',
      card: { version: 2 },
    });
    // Unlocked again: plain cards are accepted.
    const unlocked = await s.api('PUT', `/api/notes/${res.body.id}`, {
      cookie,
      body: { title: 'Plain', content: 'Plain text', tags: [], baseVersion: locked.body.version },
    });
    expect(unlocked.status).toBe(200);
    expect((await push(put(flashcard('pl-1', 'fc-pl1'), 2))).body.results[0].status).toBe('applied');
  });

  it('a note in the Trash keeps the rule; a note by server id (s<id>) too', async () => {
    const { note } = await lockedNote('lk-trash');
    expect(
      (await s.api('DELETE', `/api/notes/${note.id}?baseVersion=${note.version}`, { cookie })).status,
    ).toBe(204);
    expect((await push(put(flashcard('lk-trash', 'fc-t1')))).status).toBe(400);
    const bare = await s.api('POST', '/api/notes', {
      cookie,
      body: {
        title: '',
        content: made.vault.lockNote('x', { title: 'a', content: 'b', tags: [] }),
        tags: [],
      },
    });
    expect(bare.status).toBe(201);
    expect((await push(put(flashcard(`s${bare.body.id}`, 'fc-b1')))).status).toBe(400);
  });
});
