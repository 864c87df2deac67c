// Runs the real server (src/server.ts) as a child process, for the crash test and the bench.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../src/server.ts');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

/** Starts `node --import tsx src/server.ts` (one process, so SIGKILL hits the server itself). */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
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
