// Test helper: a real HTTP server on loopback in front of the test server that can misbehave the way a dying
// mobile connection or a captive portal does: accept a request and never answer, or answer with a declared
// Content-Length and only half the body, then stall or drop the connection.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StallMode =
  /** Forward to the server and answer in full. */
  | 'pass'
  /** Read the request and never answer (the server never sees it). */
  | 'silent'
  /** Forward (the server commits), then send the headers and half the body, and hold the connection open. */
  | 'half-then-stall'
  /** As half-then-stall, then close the connection. */
  | 'half-then-close';

export interface StallingProxy {
  url: string;
  /** Requests received so far (any mode). */
  received(): number;
  /** Misbehave on the requests `match` accepts (all by default); the others pass. */
  setMode(mode: StallMode, match?: (method: string, path: string) => boolean): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'keep-alive', 'transfer-encoding']);

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (!HOP_BY_HOP.has(name) && value !== undefined)
      out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

export async function startStallingProxy(upstream: string): Promise<StallingProxy> {
  let mode: StallMode = 'pass';
  let matches: (method: string, path: string) => boolean = () => true;
  let received = 0;
  const server = createServer((req, res) => {
    received++;
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const current = matches(method, new URL(path, upstream).pathname) ? mode : 'pass';
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (current === 'silent') return;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(upstream + path, { method, headers: forwardedHeaders(req.headers), body });
      const payload = Buffer.from(await answer.arrayBuffer());
      const headers: Record<string, string | number> = { 'content-length': payload.length };
      const type = answer.headers.get('content-type');
      if (type) headers['content-type'] = type;
      res.writeHead(answer.status, headers);
      if (current === 'pass') {
        res.end(payload);
        return;
      }
      res.write(payload.subarray(0, Math.floor(payload.length / 2)));
      if (current === 'half-then-close') setTimeout(() => res.socket?.destroy(), 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    setMode(next, match = () => true) {
      mode = next;
      matches = match;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
