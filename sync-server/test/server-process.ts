// Runs the real server as a child process: the sources through tsx (the crash test, the bench), or a built
// bundle with plain node as `npm start` runs it (built-server.test.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
// @ts-expect-error: a plain JavaScript build script, without type declarations
import { buildServer } from '../build.mjs';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../src/server.ts');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

/**
 * Starts `node --import tsx src/server.ts`, or `node --enable-source-maps BUNDLE` when `bundle` is given (one
 * process, so SIGKILL hits the server itself).
 */
export function startServerProcess(env: Record<string, string>, bundle?: string): Promise<ServerProcess> {
  const args = bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', SERVER_ENTRY];
  const child = spawn(process.execPath, args, {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/listening on (http:\/\/[\d.]+:\d+)/);
      if (match) resolve({ url: match[1]!, child, output: () => out, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)));
    setTimeout(() => reject(new Error(`server did not start in 20 s:\n${out}`)), 20_000).unref();
  });
}

export interface TestBundle {
  /** The built server.js, for `startServerProcess(env, bundle)`. */
  bundle: string;
  /** Removes the build. */
  remove(): Promise<void>;
}

/**
 * Builds the server as `npm start` builds it, into a folder of its own beside the real sync-server/dist (same
 * depth, same package: the bundle finds `.env` and `web/dist` relative to itself), so the two vitest projects
 * can build at once. Starting it with plain node costs a fraction of a start through tsx, which compiles the
 * sources every time: a file that starts many servers builds once.
 */
export async function buildTestBundle(): Promise<TestBundle> {
  const outDir = await mkdtemp(path.resolve(import.meta.dirname, '../dist-test-'));
  const bundle = path.join(outDir, 'server.js');
  await buildServer(bundle);
  return { bundle, remove: () => rm(outDir, { recursive: true, force: true }) };
}
