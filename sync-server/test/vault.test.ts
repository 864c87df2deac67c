// GET/PUT/DELETE /api/vault over real HTTP (both stores): the vault header of locked notes, owner only,
// versioned (a second device racing to create or change it gets 409 with the header that won), checked (400,
// nothing stored) and kept exactly as sent, deleted only when no locked note remains, moving the live
// channel's `vault` feed, and kept across a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { openLive } from './live-client.ts';
import { lockedText, makeVault, type TestVault } from './vault-fixtures.ts';

let s: TestServer;
let cookie: string;
let made: TestVault;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
  made = await makeVault();
});
afterAll(() => s.close());

const get = async () => (await s.api('GET', '/api/vault', { cookie })).body;
const put = (body: unknown) => s.api('PUT', '/api/vault', { cookie, body });

describe('/api/vault', () => {
  it('answers 401 without a session, and refuses another origin, touching nothing', async () => {
    expect((await s.api('GET', '/api/vault')).status).toBe(401);
    expect((await s.api('PUT', '/api/vault', { body: { header: made.header, baseVersion: 0 } })).status).toBe(
      401,
    );
    expect((await s.api('DELETE', '/api/vault?version=0')).status).toBe(401);
    const foreign = await s.api('PUT', '/api/vault', {
      cookie,
      body: { header: made.header, baseVersion: 0 },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await get()).toEqual({ header: null, version: 0 });
    expect(s.handle.store.all('vaults')).toEqual([]);
  });

  it('refuses a header that fails the schema, a missing one and a bad base version with 400, storing nothing', async () => {
    const { kdf, ...noKdf } = made.header;
    const cases: [unknown, RegExp][] = [
      [{ header: noKdf, baseVersion: 0 }, /^The vault header is damaged: kdf: /],
      [
        { header: { ...made.header, kdf: { ...kdf, memoryKiB: 4 * 1024 * 1024 } }, baseVersion: 0 },
        /kdf\.memoryKiB/,
      ],
      [
        { header: { ...made.header, passphraseWrap: 'hunter2' }, baseVersion: 0 },
        /passphraseWrap: must be a locked value/,
      ],
      [
        { header: { ...made.header, version: 2 }, baseVersion: 0 },
        /newer version of Private Notes \(vault version 2\)/,
      ],
      [
        { header: 'not a header', baseVersion: 0 },
        /damaged: it is not JSON|not a Private Notes vault header/,
      ],
      [{ baseVersion: 0 }, /^header: is required$/],
      [{ header: made.header }, /^baseVersion: /],
      [{ header: made.header, baseVersion: -1 }, /^baseVersion: /],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const huge = await put({ header: { ...made.header, padding: 'x'.repeat(70_000) }, baseVersion: 0 });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The vault header is too large: at most 64 KB.');
    expect(await get()).toEqual({ header: null, version: 0 });
    expect(s.handle.store.all('vaults')).toEqual([]);
  });

  it('creates once from version 0 keeping unknown fields; a racing create or a stale change gets 409 with the winner', async () => {
    const sent = { ...made.header, laterField: { kept: [1, 'two'] } };
    const created = await put({ header: sent, baseVersion: 0 });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ header: sent, version: 1 });
    expect(await get()).toEqual({ header: sent, version: 1 });

    // A second device made its own vault at the same time: it must not replace the first one's.
    const other = await makeVault('another device, another vault');
    const racing = await put({ header: other.header, baseVersion: 0 });
    expect(racing.status).toBe(409);
    expect(racing.body).toEqual({
      message: 'The vault changed on another device.',
      header: sent,
      version: 1,
    });

    const changed = { ...sent, passphraseChangedAt: new Date().toISOString() };
    expect((await put({ header: changed, baseVersion: 1 })).body).toEqual({ header: changed, version: 2 });
    const stale = await put({ header: sent, baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: 'The vault changed on another device.',
      header: changed,
      version: 2,
    });
    expect(await get()).toEqual({ header: changed, version: 2 });
  });

  it('two devices putting at once: exactly one wins, the other hears which header won', async () => {
    const { version } = await get();
    const a = { ...made.header, laterField: 'device A' };
    const b = { ...made.header, laterField: 'device B' };
    const [ra, rb] = await Promise.all([
      put({ header: a, baseVersion: version }),
      put({ header: b, baseVersion: version }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const [winner, loser] = ra.status === 200 ? [ra, rb] : [rb, ra];
    expect(loser.body).toEqual({ message: 'The vault changed on another device.', ...winner.body });
    expect(await get()).toEqual(winner.body);
  });

  it('is deleted only at the current version and when no locked note remains, the Trash included', async () => {
    const { version, header } = await get();
    const missing = await s.api('DELETE', '/api/vault', { cookie });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^version: is required/);

    const clientId = 'locked-1';
    const note = await s.api('POST', '/api/notes', {
      cookie,
      body: {
        title: '',
        content: lockedText(made, clientId, { title: 'Diary', content: 'secret' }),
        clientId,
      },
    });
    expect(note.status).toBe(201);
    const second = await s.api('POST', '/api/notes', {
      cookie,
      body: {
        title: '',
        content: lockedText(made, 'locked-2', { title: 'T', content: 'c' }),
        clientId: 'locked-2',
      },
    });

    const stale = await s.api('DELETE', `/api/vault?version=${version - 1}`, { cookie });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: 'The vault changed on another device.', header, version });
    const refused = await s.api('DELETE', `/api/vault?version=${version}`, { cookie });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: '2 locked notes remain: delete them first.' });

    // One deleted for good, the other only to the Trash: the Trash still counts.
    await s.api('DELETE', `/api/notes/${second.body.id}`, { cookie });
    expect((await s.api('DELETE', `/api/trash/${second.body.id}`, { cookie })).status).toBe(204);
    await s.api('DELETE', `/api/notes/${note.body.id}`, { cookie });
    const trashed = await s.api('DELETE', `/api/vault?version=${version}`, { cookie });
    expect(trashed.status).toBe(409);
    expect(trashed.body).toEqual({ message: '1 locked note remains: delete it first.' });
    expect(await get()).toEqual({ header, version });

    expect((await s.api('DELETE', `/api/trash/${note.body.id}`, { cookie })).status).toBe(204);
    expect((await s.api('DELETE', `/api/vault?version=${version}`, { cookie })).status).toBe(204);
    expect(await get()).toEqual({ header: null, version: 0 });
    // Deleting again is not an error.
    expect((await s.api('DELETE', `/api/vault?version=${version}`, { cookie })).status).toBe(204);
  });

  it('after a delete, a device still holding the old vault’s version cannot overwrite the new vault', async () => {
    const fresh = await makeVault('a vault made after the delete');
    const created = await put({ header: fresh.header, baseVersion: 0 });
    expect(created.status).toBe(200);
    // Versions never repeat: the new vault's number is above every number the old vault had.
    const old = s.handle.store.all('vaults')[0]!;
    expect(created.body.version).toBe(old.version);
    for (let stale = 1; stale < created.body.version; stale++) {
      const res = await put({ header: made.header, baseVersion: stale });
      expect(res.status).toBe(409);
    }
    expect(await get()).toEqual({ header: fresh.header, version: created.body.version });
  });

  it('moves the live channel’s vault feed on every change', async () => {
    const channel = await openLive(s.url, cookie);
    try {
      await channel.next((e) => e.event === 'hello');
      const { header, version } = await get();
      const res = await put({ header: { ...header, laterField: 'live' }, baseVersion: version });
      expect(res.status).toBe(200);
      const event = await channel.next(
        (e) => e.event === 'feeds' && (e.data?.feeds.includes('vault') ?? false),
      );
      expect(event.data?.feeds).toEqual(['vault']);
      // A refused change moves nothing.
      const before = channel.events.length;
      await put({ header, baseVersion: version });
      const note = await s.api('POST', '/api/notes', { cookie, body: { title: 'Plain', content: 'x' } });
      expect(note.status).toBe(201);
      const next = await channel.next((e) => e.event === 'feeds', 3000, before);
      expect(next.data?.feeds).not.toContain('vault');
    } finally {
      channel.close();
    }
  });

  it('is kept across a restart, exactly as sent', async () => {
    const before = await get();
    expect(before.header).not.toBeNull();
    await s.close({ keepData: true });
    s = await startTestServer({ dataDir: s.dataDir });
    cookie = await s.login();
    expect(await get()).toEqual(before);
  });
});
