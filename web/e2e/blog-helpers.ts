// Helpers for the public blog's browser tests: an owner API session (separate from the page, so the page
// stays an anonymous visitor), post seeding through POST /api/admin/blog, and unique names per test so
// tests sharing one server never see each other's data as their own.
import { type APIRequestContext, request } from '@playwright/test';
import { E2E_OWNER, E2E_PORT } from './owner.ts';

export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export interface SeedPost {
  title: string;
  content?: string;
  excerpt?: string;
  tags?: string[];
  published?: boolean;
  readTime?: number;
  faq?: { question: string; answer: string }[];
  imageUrl?: string | null;
}

export interface CreatedPost {
  id: number;
  title: string;
  tags: string[];
  readTime: number;
}

/** A signed-in API session of the owner, independent of any page. */
export async function ownerApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: BASE_URL });
  const res = await api.post('/api/login', { data: E2E_OWNER });
  if (!res.ok()) throw new Error(`owner login answered ${res.status()}`);
  return api;
}

export async function createPost(api: APIRequestContext, post: SeedPost): Promise<CreatedPost> {
  const res = await api.post('/api/admin/blog', {
    data: {
      excerpt: '',
      content: `A paragraph about ${post.title}.`,
      tags: [],
      published: true,
      ...post,
    },
  });
  if (!res.ok()) throw new Error(`creating "${post.title}" answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as CreatedPost;
}

/** A short random word: tests tag and title their own posts with it. */
export function uniqueWord(prefix = 'w'): string {
  return `${prefix}${Math.random().toString(36).slice(2, 8)}`;
}

/** The post's path as the site builds it (slug rule of SPEC section 5). */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function postUrl(post: { id: number; title: string }): string {
  return `/blog/post/${post.id}/${slugOf(post.title)}`;
}

/** Waits until the server-rendered page has hydrated (the router removes its bootstrap object). */
export async function hydrated(page: import('@playwright/test').Page): Promise<void> {
  await page.waitForFunction(() => !('$_TSR' in window));
}
