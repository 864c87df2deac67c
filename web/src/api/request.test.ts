// The API client's error texts against a real HTTP server on loopback (SPEC section 8).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest } from './request.ts';

let server: Server;
let base = '';
const seen: Array<{ method?: string; contentType?: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method, contentType: req.headers['content-type'], body });
      const answers: Record<string, [number, string, string?]> = {
        '/ok': [200, '{"id":1,"username":"admin"}', 'application/json'],
        '/empty': [204, ''],
        '/message': [400, '{"message":"title: must not be empty"}', 'application/json'],
        '/error-field': [403, '{"error":"Forbidden here"}', 'application/json'],
        '/text': [502, 'Bad gateway upstream', 'text/plain'],
        '/nothing': [503, ''],
        '/broken': [200, '{"id":', 'application/json'],
        '/anon': [401, '{"message":"Not authenticated"}', 'application/json'],
      };
      const [status, text, type] = answers[req.url ?? ''] ?? [
        404,
        '{"message":"Not found"}',
        'application/json',
      ];
      res.writeHead(status, type ? { 'content-type': type } : {});
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(path: string): Promise<ApiError> {
  try {
    await apiRequest(`${base}${path}`);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('apiRequest', () => {
  it('parses JSON answers and sends a JSON body only when one is given', async () => {
    expect(await apiRequest(`${base}/ok`)).toEqual({ id: 1, username: 'admin' });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', contentType: undefined, body: '' });
    await apiRequest(`${base}/ok`, { method: 'POST', body: { title: 'x' } });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      contentType: 'application/json',
      body: '{"title":"x"}',
    });
    expect(await apiRequest(`${base}/empty`, { method: 'DELETE' })).toBeUndefined();
  });

  it("builds '{status}: {message}' from message, error, raw text or status text", async () => {
    expect((await failure('/message')).message).toBe('400: title: must not be empty');
    expect((await failure('/error-field')).message).toBe('403: Forbidden here');
    expect((await failure('/text')).message).toBe('502: Bad gateway upstream');
    expect((await failure('/nothing')).message).toBe('503: Service Unavailable');
    const notFound = await failure('/missing');
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual({ message: 'Not found' });
  });

  it('answers null for 401 only when asked to', async () => {
    expect(await apiRequest(`${base}/anon`, { nullOn401: true })).toBeNull();
    expect((await failure('/anon')).message).toBe('401: Not authenticated');
  });

  it("reports 'Failed to parse server response' and 'Network request failed'", async () => {
    expect((await failure('/broken')).message).toBe('Failed to parse server response');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(apiRequest(`http://127.0.0.1:${port}/x`)).rejects.toMatchObject({
      status: 0,
      message: 'Network request failed',
    });
  });
});
