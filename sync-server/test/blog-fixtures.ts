// Test fixtures for the blog, comment and newsletter tests: create posts through the admin API.
import http from 'node:http';
import type { BlogPost } from '@private-notes/shared';
import { expect } from 'vitest';
import type { TestServer } from './helpers.ts';

export async function createPost(
  s: TestServer,
  cookie: string,
  fields: Record<string, unknown> = {},
): Promise<BlogPost> {
  const res = await s.api<BlogPost>('POST', '/api/admin/blog', {
    cookie,
    body: { title: 'A post', ...fields },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Everything the blog, comments and subscribers hold, to prove a refused request changed nothing. */
export function contentSnapshot(s: TestServer): string {
  const store = s.handle.store;
  return JSON.stringify([store.all('posts'), store.all('comments'), store.all('subscribers')]);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A GET with If-None-Match through node:http: fetch() adds `Cache-Control: no-cache` to conditional
 * requests, which (rightly) makes the server answer in full, so it cannot show a 304.
 */
export function conditionalGet(
  url: string,
  etag: string,
): Promise<{ status: number; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'if-none-match': etag } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
      })
      .on('error', reject);
  });
}
