// File uploads and downloads end too: against a real loopback server that never answers, or announces a file
// and stalls halfway, the bytes request fails as a transient timeout; a large file that keeps arriving gets
// time for the length its headers announce, so a slow link is not cut off.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_ERROR } from '../api/request-deadline.ts';
import { createBytesRequest, TransientSyncError } from './sync-http.ts';

const FILE_BYTES = 64 * 1024;
let server: Server;
let base = '';
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    if (req.url === '/hang') {
      held.push(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': FILE_BYTES });
    if (req.url === '/half-stall') {
      res.write(Buffer.alloc(FILE_BYTES / 2));
      held.push(res);
      return;
    }
    // '/slow': the whole file in 8 pieces over about 800 ms, longer than the base timeout of these tests.
    let sent = 0;
    const piece = () => {
      res.write(Buffer.alloc(FILE_BYTES / 8, 7));
      if (++sent === 8) res.end();
      else setTimeout(piece, 100);
    };
    piece();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

// 300 ms for the exchange, plus a second per 32 KB announced: 2.3 s for the 64 KB file.
const request = createBytesRequest({ baseUrl: '', timeoutMs: 300, uploadBytesPerSecond: 32 * 1024 });

describe('createBytesRequest deadlines', () => {
  it('gives up on a server that accepts the request and never answers', async () => {
    const failure = request('GET', `${base}/hang`);
    await expect(failure).rejects.toBeInstanceOf(TransientSyncError);
    await expect(failure).rejects.toThrow(REQUEST_TIMEOUT_ERROR);
  });

  it('gives up on a download that stalls halfway through the length it announced', async () => {
    await expect(request('GET', `${base}/half-stall`)).rejects.toThrow(REQUEST_TIMEOUT_ERROR);
  });

  it('lets a file that keeps arriving finish past the base timeout, in the time its length allows', async () => {
    const answer = await request('GET', `${base}/slow`);
    expect(answer.status).toBe(200);
    expect(answer.bytes?.byteLength).toBe(FILE_BYTES);
  });
});
