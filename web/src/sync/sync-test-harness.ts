// Test harness for the sync engine: a real server on loopback (sync-server's startTestServer), simulated devices
// (each its own IndexedDB database), and a fetch wrapper that injects faults between them.
import 'fake-indexeddb/auto';
import { API } from '@private-notes/shared';
import { afterEach, beforeEach, expect } from 'vitest';
import { startTestServer, type TestServer } from '../../../sync-server/test/helpers.ts';
import { NotesDatabase } from '../db/notes-database.ts';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './sync-engine.ts';

export interface Faults {
  /** Every request fails as if the server were unreachable. */
  down: boolean;
  /** The next N requests fail as if the network were not carrying traffic yet (the server never sees them). */
  unreachable?: number;
  /** The next N requests answer 500 without reaching the server. */
  fail500: number;
  /** Requests matching this reach the server (which commits) but the answer is lost on the way back. */
  loseResponse: ((method: string, url: string) => boolean) | null;
  /** Requests this matches answer 500 without reaching the server (e.g. only the attachment uploads). */
  failMatching?: ((method: string, path: string) => boolean) | null;
  /** Runs after a request has been answered by the server (e.g. to end the session mid-sync). */
  afterResponse: ((method: string, url: string) => Promise<void>) | null;
}

export interface Call {
  method: string;
  path: string;
  status: number | 'network-error';
  /** A batch push (POST /api/notes/batch): each change's op, and its own status once answered ('create 201'). */
  changes?: string[];
}

export interface Device {
  db: NotesDatabase;
  engine: SyncEngine;
  faults: Faults;
  calls: Call[];
  setCookie(cookie: string): void;
  /** Calls that changed data on the server (POST, PUT, DELETE). */
  writes(): Call[];
  /** Every note change pushed in a batch, in order, as 'op status' ('update 409'), or 'op' when unanswered. */
  changes(): string[];
}

/** The ops of a batch push's body (undefined for any other request). */
function batchOps(path: string, init: RequestInit | undefined): string[] | undefined {
  if (path !== API.notesBatch || typeof init?.body !== 'string') return undefined;
  return (JSON.parse(init.body) as { changes: Array<{ op: string }> }).changes.map((change) => change.op);
}

export function faultyFetch(faults: Faults, calls: Call[]): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const path = new URL(url).pathname;
    const ops = batchOps(path, init);
    const unanswered = ops ? { changes: ops } : {};
    if (faults.down || (faults.unreachable ?? 0) > 0) {
      if (!faults.down) faults.unreachable = (faults.unreachable ?? 0) - 1;
      calls.push({ method, path, status: 'network-error', ...unanswered });
      throw new TypeError('fetch failed');
    }
    if (faults.fail500 > 0 || faults.failMatching?.(method, path)) {
      if (faults.fail500 > 0) faults.fail500--;
      calls.push({ method, path, status: 500, ...unanswered });
      return new Response(JSON.stringify({ message: 'Internal server error' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    }
    const response = await fetch(input, init);
    if (faults.loseResponse?.(method, url)) {
      faults.loseResponse = null;
      await response.arrayBuffer();
      calls.push({ method, path, status: 'network-error', ...unanswered });
      throw new TypeError('fetch failed');
    }
    let answered = unanswered;
    if (ops && response.status === 200) {
      const { results } = (await response.clone().json()) as { results: Array<{ status: number }> };
      answered = { changes: ops.map((op, i) => `${op} ${results[i]?.status}`) };
    }
    calls.push({ method, path, status: response.status, ...answered });
    if (faults.afterResponse) await faults.afterResponse(method, url);
    return response;
  };
}

let counter = 0;

/** `overrides` reach the engine as given (another baseUrl such as a stalling proxy, timeouts, network events). */
export function makeDevice(
  server: TestServer,
  cookie: string,
  pageSize?: number,
  overrides: Partial<SyncEngineOptions> = {},
): Device {
  const faults: Faults = {
    down: false,
    fail500: 0,
    loseResponse: null,
    failMatching: null,
    afterResponse: null,
  };
  const calls: Call[] = [];
  let currentCookie = cookie;
  const db = new NotesDatabase(`device-${process.pid}-${++counter}-${Date.now()}`);
  const engine = createSyncEngine({
    db,
    baseUrl: server.url,
    fetch: faultyFetch(faults, calls),
    headers: () => ({ cookie: currentCookie }),
    locks: null,
    isOnline: () => true,
    random: () => 0.5,
    pageSize,
    ...overrides,
  });
  return {
    db,
    engine,
    faults,
    calls,
    setCookie: (next) => {
      currentCookie = next;
    },
    writes: () => calls.filter((call) => call.method !== 'GET'),
    changes: () => calls.flatMap((call) => call.changes ?? []),
  };
}

export async function serverNotes(server: TestServer, cookie: string) {
  const answer = await server.api('GET', '/api/notes', { cookie });
  if (answer.status !== 200) throw new Error(`GET /api/notes answered ${answer.status}`);
  return answer.body as Array<{
    id: number;
    title: string;
    content: string;
    version: number;
    clientId: string | null;
  }>;
}

/** A device's live notes as comparable text, sorted. */
export async function localSummary(device: Device): Promise<string[]> {
  const notes = await device.db.notes.filter((note) => !note.deleted).toArray();
  return notes.map((note) => `${note.title}|${note.content}`).sort();
}

/** A fresh signed-in server for each test, and the devices a test makes on it, all removed after the test. */
export interface SyncFixture {
  readonly server: TestServer;
  readonly cookie: string;
  /** `overrides` reach the engine as given (see makeDevice). */
  device(overrides?: Partial<SyncEngineOptions>): Device;
}

/** Registers the per-test server and device clean-up in the calling test file. */
export function setUpSyncFixture(): SyncFixture {
  let server: TestServer;
  let cookie = '';
  const devices: Device[] = [];
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
  return {
    get server() {
      return server;
    },
    get cookie() {
      return cookie;
    },
    device(overrides = {}) {
      const made = makeDevice(server, cookie, undefined, overrides);
      devices.push(made);
      return made;
    },
  };
}

/** `count` notes made on another device: 'Seeded i', 'note number i', client id 'elsewhere-i'. */
export async function seedServerNotes(fixture: SyncFixture, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const answer = await fixture.server.api('POST', '/api/notes', {
      cookie: fixture.cookie,
      body: { title: `Seeded ${i}`, content: `note number ${i}`, tags: [], clientId: `elsewhere-${i}` },
    });
    expect(answer.status).toBe(201);
  }
}

/** Another device edits one seeded note ('edited elsewhere') and deletes another; returns their server ids. */
export async function editAndDeleteElsewhere(
  fixture: SyncFixture,
  editedClientId: string,
  deletedClientId: string,
): Promise<{ edited: number; deleted: number }> {
  const onServer = fixture.server.handle.store.all('notes') as Array<{ id: number; clientId: string }>;
  const edited = onServer.find((n) => n.clientId === editedClientId)!.id;
  const deleted = onServer.find((n) => n.clientId === deletedClientId)!.id;
  const edit = await fixture.server.api('PUT', `/api/notes/${edited}`, {
    cookie: fixture.cookie,
    body: { content: 'edited elsewhere', baseVersion: 1 },
  });
  expect(edit.status).toBe(200);
  const removed = await fixture.server.api('DELETE', `/api/notes/${deleted}?version=1`, {
    cookie: fixture.cookie,
  });
  expect(removed.status).toBe(204);
  return { edited, deleted };
}

/** The changes feed's requests among a device's calls. */
export const feedCalls = (calls: readonly Call[]) => calls.filter((call) => call.path === API.noteChanges);

export { startTestServer, type TestServer };
