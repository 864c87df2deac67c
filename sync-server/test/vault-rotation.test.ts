// A vault key rotation as the server sees it (both stores): the pending header with its `rotation` stored and
// answered as sent, notes re-sealed under the new key accepted as ordinary ciphertext edits, the finished header
// with `retiredKeys`, every note opening with the same passphrase afterwards; a damaged rotation is 400.
import {
  finishKeyRotation,
  lockedNoteVaultKeyId,
  startKeyRotation,
  unlockVault,
} from '@private-notes/shared/vault';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { CHEAP_KDF, lockedText, makeVault, type TestVault } from './vault-fixtures.ts';

const PASS = 'correct horse battery staple';
let s: TestServer;
let cookie: string;
let made: TestVault;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
  made = await makeVault(PASS);
});
afterAll(() => s.close());

describe('vault key rotation on the server', () => {
  it('stores the pending and the finished header, and takes notes re-sealed under the new key', async () => {
    expect(
      (await s.api('PUT', '/api/vault', { cookie, body: { header: made.header, baseVersion: 0 } })).status,
    ).toBe(200);
    const notes: Array<{ id: number; clientId: string }> = [];
    for (const i of [1, 2, 3]) {
      const clientId = `rot-${i}`;
      const content = lockedText(made, clientId, { title: `T${i}`, content: `body ${i}` });
      const res = await s.api('POST', '/api/notes', {
        cookie,
        body: { title: '', content, tags: [], clientId },
      });
      expect(res.status).toBe(201);
      notes.push({ id: res.body.id, clientId });
    }

    const started = await startKeyRotation(made.header, made.vault, PASS, CHEAP_KDF);
    const pending = await s.api('PUT', '/api/vault', {
      cookie,
      body: { header: started.header, baseVersion: 1 },
    });
    expect(pending.status).toBe(200);
    expect((await s.api('GET', '/api/vault', { cookie })).body.header).toEqual(
      JSON.parse(JSON.stringify(started.header)),
    );

    // Re-sealed one by one, each an ordinary edit of ciphertext under the new vault key id.
    const nextId = started.header.rotation!.vaultKeyId;
    for (const note of notes) {
      const current = (await s.api('GET', `/api/notes/${note.id}`, { cookie })).body;
      const resealed = started.vault.resealLockedNote(note.clientId, current.content);
      const res = await s.api('PUT', `/api/notes/${note.id}`, {
        cookie,
        body: { content: resealed, baseVersion: current.version },
      });
      expect(res.status).toBe(200);
      expect(lockedNoteVaultKeyId(res.body.content)).toBe(nextId);
    }
    // The vault cannot be deleted while its notes remain, rotation or not.
    expect((await s.api('DELETE', '/api/vault?version=2', { cookie })).status).toBe(409);

    const finished = finishKeyRotation(started.header, started.vault);
    expect(
      (await s.api('PUT', '/api/vault', { cookie, body: { header: finished, baseVersion: 2 } })).status,
    ).toBe(200);
    const stored = (await s.api('GET', '/api/vault', { cookie })).body;
    expect(stored.version).toBe(3);
    expect(stored.header.vaultKeyId).toBe(nextId);
    expect(stored.header.rotation).toBeUndefined();
    expect(stored.header.retiredKeys.map((k: { vaultKeyId: string }) => k.vaultKeyId)).toEqual([
      made.header.vaultKeyId,
    ]);
    const reopened = await unlockVault(stored.header, PASS);
    for (const note of notes) {
      const { content } = (await s.api('GET', `/api/notes/${note.id}`, { cookie })).body;
      expect(reopened.openLockedNote(note.clientId, content).fields.content).toMatch(/^body \d$/);
    }
  });

  it('refuses a header whose rotation or retired keys are damaged, storing nothing', async () => {
    const before = (await s.api('GET', '/api/vault', { cookie })).body;
    const bad = [
      { ...before.header, rotation: { ...before.header.retiredKeys[0], nextKeyWrap: 'hunter2' } },
      { ...before.header, retiredKeys: [{ vaultKeyId: 'x', wrap: 'not a wrap' }] },
    ];
    for (const header of bad) {
      const res = await s.api('PUT', '/api/vault', { cookie, body: { header, baseVersion: before.version } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^The vault header is damaged: (rotation|retiredKeys)/);
    }
    expect((await s.api('GET', '/api/vault', { cookie })).body).toEqual(before);
  });
});
