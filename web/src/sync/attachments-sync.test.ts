// Attachments through the sync engine against a real server on loopback: offline paste then sync, server down,
// an upload cut halfway, a retried upload after the server stored it, refusals kept visible, two devices.
import 'fake-indexeddb/auto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { attachmentMarkdown, DEFAULT_NOTE_TITLE } from '@private-notes/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AttachmentRefusedError,
  collectLocalAttachmentGarbage,
  storeAttachment,
} from '../db/attachment-store.ts';
import { createNote, updateNote } from '../db/notes-store.ts';
import { createSyncEngine } from './sync-engine.ts';
import { describeSyncStatus } from './sync-status.ts';
import {
  type Device,
  makeDevice,
  serverNotes,
  startTestServer,
  type TestServer,
} from './sync-test-harness.ts';

let server: TestServer;
let cookie: string;
const devices: Device[] = [];

function device(): Device {
  const made = makeDevice(server, cookie);
  devices.push(made);
  return made;
}

async function useServer(overrides: Parameters<typeof startTestServer>[0] = {}) {
  server = await startTestServer(overrides);
  cookie = await server.login();
}

beforeEach(() => useServer());

afterEach(async () => {
  for (const made of devices.splice(0)) {
    made.engine.stop();
    await made.db.delete();
  }
  await server.close();
});

/** Bytes that sniff as PNG, distinct per seed. */
function pngBytes(seed: number, size = 2000): ArrayBuffer {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < size; i++) bytes[i] = (i * 31 + seed) % 256;
  return bytes.buffer;
}

const onDisk = (sha: string) => existsSync(path.join(server.dataDir, 'attachments', sha));

async function pasteIntoNewNote(d: Device, bytes: ArrayBuffer, name = 'shot.png') {
  const file = await storeAttachment({ bytes, name }, d.db);
  const note = await createNote(
    { title: 'With a picture', content: `Look ${attachmentMarkdown(file)}`, tags: [] },
    d.db,
  );
  return { file, note };
}

describe('upload queue', () => {
  it('stores a pasted file at once, queues it with the note save, and uploads it once online', async () => {
    const d = device();
    d.faults.down = true;
    const { file, note } = await pasteIntoNewNote(d, pngBytes(1));
    expect(file.mime).toBe('image/png');
    expect(await d.db.uploads.toArray()).toMatchObject([
      { sha256: file.sha256, name: 'shot.png', error: null },
    ]);
    expect(await d.engine.syncNow()).toBe('failed');
    expect(d.engine.getStatus()).toMatchObject({ pending: 1, uploadsPending: 1 });
    expect(describeSyncStatus({ ...d.engine.getStatus(), kind: 'offline' })).toBe(
      'Offline · 1 change waiting · 1 file to upload',
    );

    d.faults.down = false;
    expect(await d.engine.syncNow()).toBe('synced');
    expect(onDisk(file.sha256)).toBe(true);
    expect((await serverNotes(server, cookie))[0]).toMatchObject({ clientId: note.id });
    expect(await d.db.uploads.count()).toBe(0);
    expect((await d.db.attachments.get(file.sha256))?.uploaded).toBe(1);
    expect(d.engine.getStatus()).toMatchObject({ kind: 'synced', uploadsPending: 0 });
  });

  it('queues nothing for a file no saved note uses, and once per file however often it is saved', async () => {
    const d = device();
    const file = await storeAttachment({ bytes: pngBytes(2), name: 'a.png' }, d.db);
    expect(await d.db.uploads.count()).toBe(0);
    const note = await createNote({ title: 'x', content: attachmentMarkdown(file), tags: [] }, d.db);
    await updateNote(note.id, { content: `${attachmentMarkdown(file)} again` }, d.db);
    expect(await d.db.uploads.count()).toBe(1);
  });

  it('a note syncs even while its file cannot be uploaded', async () => {
    const d = device();
    const { note } = await pasteIntoNewNote(d, pngBytes(3));
    d.faults.failMatching = (_method, url) => url.startsWith('/api/attachments/');
    expect(await d.engine.syncNow()).toBe('failed');
    expect((await serverNotes(server, cookie)).map((n) => n.clientId)).toEqual([note.id]);
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.uploads.count()).toBe(1);
    expect(d.engine.getStatus()).toMatchObject({ pending: 0, uploadsPending: 1 });
    d.faults.failMatching = null;
    expect(await d.engine.syncNow()).toBe('synced');
    expect(await d.db.uploads.count()).toBe(0);
  });

  it('keeps nothing of an upload cut halfway on the server, and the next round sends it whole', async () => {
    const d = device();
    const bytes = pngBytes(4, 300_000);
    const { file } = await pasteIntoNewNote(d, bytes);
    let cut = true;
    // The first PUT sends half its body over a real socket, then the connection drops.
    const cutting: typeof fetch = async (input, init) => {
      const url = String(input);
      if (cut && init?.method === 'PUT' && url.includes('/api/attachments/')) {
        cut = false;
        await sendHalfAndDrop(url, init, new Uint8Array(bytes));
        throw new TypeError('fetch failed');
      }
      return fetch(input, init);
    };
    d.engine.stop();
    const engine = createSyncEngine({
      db: d.db,
      baseUrl: server.url,
      fetch: cutting,
      headers: () => ({ cookie }),
      locks: null,
      isOnline: () => true,
      random: () => 0.5,
    });
    expect(await engine.syncNow()).toBe('failed');
    expect(onDisk(file.sha256)).toBe(false);
    expect(server.handle.store.lookup('attachments', 'sha256', file.sha256)).toBeUndefined();
    expect(await d.db.uploads.toArray()).toMatchObject([{ error: null }]);
    expect(await engine.syncNow()).toBe('synced');
    expect(onDisk(file.sha256)).toBe(true);
    expect(await d.db.uploads.count()).toBe(0);
  });

  it('does not send a file again when the server stored it but the answer was lost', async () => {
    const d = device();
    const { file } = await pasteIntoNewNote(d, pngBytes(5));
    d.faults.loseResponse = (method, url) => method === 'PUT' && url.includes('/api/attachments/');
    expect(await d.engine.syncNow()).toBe('failed');
    expect(onDisk(file.sha256)).toBe(true);
    expect(await d.db.uploads.count()).toBe(1);
    expect(await d.engine.syncNow()).toBe('synced');
    const attachmentCalls = d.calls.filter(
      (c) => c.path.startsWith('/api/attachments/') && c.method !== 'GET',
    );
    expect(attachmentCalls.map((c) => `${c.method} ${c.status}`)).toEqual([
      'HEAD 404',
      'PUT network-error',
      'HEAD 200',
    ]);
    expect(await d.db.uploads.count()).toBe(0);
  });
});

describe('limits', () => {
  it('refuses a file over the limit in the browser before storing anything', async () => {
    const d = device();
    await expect(
      storeAttachment({ bytes: new ArrayBuffer(26 * 1024 * 1024), name: 'huge.bin' }, d.db),
    ).rejects.toThrow(
      new AttachmentRefusedError('huge.bin is too large (26 MB); files can be at most 25 MB'),
    );
    expect(await d.db.attachments.count()).toBe(0);
  });

  it('keeps a file the server refuses visible with its reason; the note syncs; the next paste uses the server limit', async () => {
    await server.close();
    await useServer({
      attachments: {
        maxBytes: 1000,
        quotaBytes: 10_000,
        gcGraceMs: 1000,
        gcIntervalMs: 0,
        maxImagePixels: 50_000_000,
      },
    });
    const d = device();
    const { file, note } = await pasteIntoNewNote(d, pngBytes(6, 5000), 'big.png');
    expect(await d.engine.syncNow()).toBe('synced');
    expect((await serverNotes(server, cookie))[0]?.clientId).toBe(note.id);
    const status = d.engine.getStatus();
    expect(status).toMatchObject({
      kind: 'error',
      uploadsPending: 0,
      refusedUploads: [
        { sha256: file.sha256, name: 'big.png', error: expect.stringMatching(/^413: big.png is too large/) },
      ],
    });
    expect(describeSyncStatus(status)).toBe('1 file not uploaded');
    // The limit the server reported now applies before storing.
    await expect(storeAttachment({ bytes: pngBytes(7, 5000), name: 'next.png' }, d.db)).rejects.toThrow(
      /files can be at most 1000 B/,
    );
  });
});

describe('two devices', () => {
  it('B fetches the file of a note A pasted offline when the note is opened, and still has it offline', async () => {
    const a = device();
    a.faults.down = true;
    const bytes = pngBytes(8, 40_000);
    const { file, note } = await pasteIntoNewNote(a, bytes, 'diagram.png');
    a.faults.down = false;
    expect(await a.engine.syncNow()).toBe('synced');

    const b = device();
    expect(await b.engine.syncNow()).toBe('synced');
    const onB = await b.db.notes.get(note.id);
    expect(onB?.content).toContain(file.sha256);
    expect(await b.db.attachments.count()).toBe(0);
    expect(await b.engine.fetchAttachments([file.sha256])).toBe(1);
    const row = await b.db.attachments.get(file.sha256);
    expect(row).toMatchObject({ name: 'diagram.png', mime: 'image/png', size: 40_000, uploaded: 1 });
    expect(new Uint8Array(row!.bytes)).toEqual(new Uint8Array(bytes));

    // Offline (study mode on B): the bytes are local; fetching again asks nothing of the network.
    b.faults.down = true;
    const before = b.calls.length;
    expect(await b.engine.fetchAttachments([file.sha256])).toBe(0);
    expect(b.calls.length).toBe(before);
    expect(await b.db.attachments.get(file.sha256)).toBeDefined();
  });
});

describe('local garbage collection', () => {
  it('removes files no note or draft uses after the grace period, with their queued upload', async () => {
    const d = device();
    const used = await storeAttachment({ bytes: pngBytes(9), name: 'used.png' }, d.db);
    const unused = await storeAttachment({ bytes: pngBytes(10), name: 'unused.png' }, d.db);
    const note = await createNote(
      { title: DEFAULT_NOTE_TITLE, content: attachmentMarkdown(used), tags: [] },
      d.db,
    );
    await updateNote(note.id, { content: `${attachmentMarkdown(used)} ${attachmentMarkdown(unused)}` }, d.db);
    await updateNote(note.id, { content: attachmentMarkdown(used) }, d.db);
    const day = 24 * 60 * 60 * 1000;
    const t0 = new Date();
    expect(await collectLocalAttachmentGarbage(d.db, 30 * day, t0)).toBe(0);
    expect(await collectLocalAttachmentGarbage(d.db, 30 * day, new Date(t0.getTime() + 29 * day))).toBe(0);
    expect(await collectLocalAttachmentGarbage(d.db, 30 * day, new Date(t0.getTime() + 31 * day))).toBe(1);
    expect(await d.db.attachments.get(unused.sha256)).toBeUndefined();
    expect(await d.db.uploads.where('sha256').equals(unused.sha256).count()).toBe(0);
    expect(await d.db.attachments.get(used.sha256)).toBeDefined();
  });
});

function sendHalfAndDrop(url: string, init: RequestInit, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: {
        ...(init.headers as Record<string, string>),
        'content-length': String(bytes.length),
      },
    });
    req.on('error', () => resolve());
    req.write(bytes.subarray(0, bytes.length / 2), () => {
      setTimeout(() => {
        req.destroy();
        // Give the server a moment to notice and clean up before the test looks.
        setTimeout(resolve, 100);
      }, 30);
    });
  });
}
