// Test helper: a real server on an ephemeral loopback port with a temp DATA_DIR, plus a tiny HTTP client.
// With STORE=postgres (the second vitest project) the server keeps its data in a fresh PostgreSQL database.
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { type AppHandle, type AppOptions, createApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { dropTestDatabase, TEST_STORE, testDatabaseFor } from './test-database.ts';

export const OWNER_USERNAME = 'admin';
export const OWNER_PASSWORD = 'correct horse battery';

export interface ApiOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (e.g. broken JSON), with a JSON content type unless headers say otherwise. */
  rawBody?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field; any keeps them short
export interface ApiResponse<T = any> {
  status: number;
  /** Parsed JSON when the answer is JSON, otherwise the text. */
  body: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  dataDir: string;
  config: Config;
  handle: AppHandle;
  /** The listening HTTP server (its keep-alive settings, its connections). */
  server: Server;
  /** Signs in as the owner and returns the cookie header value (`pn_session=…`). */
  login(username?: string, password?: string): Promise<string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field; any keeps them short
  api<T = any>(method: string, path: string, options?: ApiOptions): Promise<ApiResponse<T>>;
  /** Stops the server and closes the store; removes the temp DATA_DIR unless `keepData` (for restarts). */
  close(options?: { keepData?: boolean }): Promise<void>;
}

const madeDirs: string[] = [];

/** A fresh folder under the system's temporary folder, removed when the test file is done. */
export async function makeTempDir(prefix = 'pn-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  madeDirs.push(dir);
  return dir;
}

// Runs after every suite's own afterAll (servers closed, restarted folders included): nothing stays in /tmp.
afterAll(async () => {
  await Promise.all(madeDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Starts a server. Pass `dataDir` of an earlier server (closed with keepData) to test a restart. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  appOptions: AppOptions = {},
): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? (await makeTempDir());
  const defaults = loadConfig({});
  const config: Config = {
    ...defaults,
    port: 0,
    host: '127.0.0.1',
    ownerUsername: OWNER_USERNAME,
    ownerPassword: OWNER_PASSWORD,
    sessionSecret: null,
    logRequests: false,
    // A folder that does not exist: tests see the "not built" page unless they pass a real dist.
    webDistDir: path.join(dataDir, 'no-web-dist'),
    // No backups on a timer of their own (scheduled-backup.test.ts turns them on); into the test's folder.
    backups: { ...defaults.backups, dir: path.join(dataDir, 'backups'), intervalMs: 0 },
    databaseUrl:
      TEST_STORE === 'postgres' && overrides.databaseUrl === undefined
        ? await testDatabaseFor(dataDir)
        : null,
    ...overrides,
    dataDir,
  };
  const handle = await createApp(config, appOptions);
  const server: Server = await new Promise((resolve, reject) => {
    const s = handle.app.listen(0, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field; any keeps them short
  async function api<T = any>(
    method: string,
    urlPath: string,
    options: ApiOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      body = options.rawBody ?? JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (options.cookie) headers.cookie = options.cookie;
    const res = await fetch(url + urlPath, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    return {
      status: res.status,
      body: (isJson && text ? JSON.parse(text) : text) as T,
      headers: res.headers,
    };
  }

  return {
    url,
    dataDir,
    config,
    handle,
    server,
    api,
    async login(username = OWNER_USERNAME, password = OWNER_PASSWORD) {
      const res = await api('POST', '/api/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pn_session='));
      if (!cookie) throw new Error('login answered no session cookie');
      return cookie.split(';')[0]!;
    },
    async close(options = {}) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handle.close();
      if (!options.keepData && overrides.dataDir === undefined) {
        if (config.databaseUrl && overrides.databaseUrl === undefined)
          await dropTestDatabase(config.databaseUrl);
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
