// Two servers on two ports, one PostgreSQL database: what one instance commits, the other serves (sessions,
// notes and their changes feed, rate-limit counters, sign-in lockouts, cached public answers), and background work is
// claimed by exactly one of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_RATE_LIMIT } from '../../src/routes/comments.ts';
import { copyBuiltWebApp } from '../built-web-app.ts';
import { startTestServer, type TestServer } from '../helpers.ts';
import { createTestDatabase, dropTestDatabase } from '../test-database.ts';

let databaseUrl = '';
let a: TestServer;
let b: TestServer;
let cookie = '';
let web: ReturnType<typeof copyBuiltWebApp> | undefined;

beforeAll(async () => {
  web = copyBuiltWebApp('pn-two-instances-test');
  databaseUrl = await createTestDatabase();
  a = await startTestServer({ databaseUrl, webDistDir: web.webDistDir });
  b = await startTestServer({ databaseUrl, webDistDir: web.webDistDir });
  cookie = await a.login();
}, 180_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  web?.remove();
});

async function eventually<T>(fn: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const note = (title: string, clientId?: string) => ({
  title,
  content: `${title} body`,
  tags: ['two'],
  clientId,
});

describe('two instances on one database', () => {
  it('sign in on one, sync notes through the other', async () => {
    // The session created on A a moment ago is honoured by B at once (B catches up before refusing).
    expect((await b.api('GET', '/api/user', { cookie })).status).toBe(200);
    const created = await b.api('POST', '/api/notes', { cookie, body: note('from B', 'cb-1') });
    expect(created.status).toBe(201);
    // A retried create through the other instance finds the same note.
    const retried = await a.api('POST', '/api/notes', { cookie, body: note('from B', 'cb-1') });
    expect(retried.status).toBe(200);
    expect(retried.body.id).toBe(created.body.id);

    const pulled = await eventually(
      () => a.api('GET', '/api/notes/changes?since=0', { cookie }),
      (res) => res.body.notes.some((n: { id: number }) => n.id === created.body.id),
    );
    expect(pulled.body.notes.map((n: { title: string }) => n.title)).toContain('from B');

    // Optimistic versions across instances: A edits version 1, B's edit of version 1 is now stale.
    const editA = await a.api('PUT', `/api/notes/${created.body.id}`, {
      cookie,
      body: { title: 'A', baseVersion: 1 },
    });
    expect(editA.status).toBe(200);
    const editB = await b.api('PUT', `/api/notes/${created.body.id}`, {
      cookie,
      body: { title: 'B', baseVersion: 1 },
    });
    expect(editB.status).toBe(409);
    expect(editB.body.note).toMatchObject({ title: 'A', version: 2 });
  });

  it('creates one note when both instances get the same client id at once', async () => {
    const [x, y] = await Promise.all([
      a.api('POST', '/api/notes', { cookie, body: note('twin', 'twin-1') }),
      b.api('POST', '/api/notes', { cookie, body: note('twin', 'twin-1') }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 201]);
    expect(x.body.id).toBe(y.body.id);
    const { rows } = await adminQueryIn(
      "SELECT count(*)::int AS n FROM store_docs WHERE collection = 'notes' AND doc->>'clientId' = 'twin-1'",
    );
    expect(rows[0].n).toBe(1);
  });

  it('never hands out a changes cursor past data committed by either instance', async () => {
    // Both instances write concurrently while a client pulls from A with its cursor: every note arrives.
    const written: number[] = [];
    let writing = true;
    const writer = async (server: TestServer, prefix: string) => {
      for (let i = 0; i < 40; i++) {
        const res = await server.api('POST', '/api/notes', {
          cookie,
          body: note(`${prefix}${i}`, `${prefix}${i}`),
        });
        written.push(res.body.id);
      }
    };
    const seen = new Set<number>();
    let cursor = '0';
    const pull = async () => {
      for (;;) {
        const res = await a.api('GET', `/api/notes/changes?since=${cursor}`, { cookie });
        for (const n of res.body.notes as { id: number }[]) seen.add(n.id);
        cursor = res.body.cursor;
        if (!res.body.more) break;
      }
    };
    const puller = (async () => {
      while (writing) {
        await pull();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await Promise.all([writer(a, 'pa'), writer(b, 'pb'), writer(a, 'qa'), writer(b, 'qb')]);
    writing = false;
    await puller;
    await eventually(
      async () => {
        await pull();
        return written.every((id) => seen.has(id));
      },
      (done) => done,
    );
    expect(written.filter((id) => !seen.has(id))).toEqual([]);
  });

  it('shares the comment rate limit', async () => {
    const post = await a.handle.services.blog.createPost({ title: 'Limits', published: true }, 1);
    await b.handle.store.refresh();
    const body = { author: 'Pat', email: 'pat@example.com', content: 'Hello' };
    for (let i = 0; i < COMMENT_RATE_LIMIT.limit; i++) {
      const server = i % 2 === 0 ? a : b;
      expect((await server.api('POST', `/api/blog/${post.id}/comments`, { body })).status).toBe(201);
    }
    const limitedA = await a.api('POST', `/api/blog/${post.id}/comments`, { body });
    const limitedB = await b.api('POST', `/api/blog/${post.id}/comments`, { body });
    expect(limitedA.status).toBe(429);
    expect(limitedB.status).toBe(429);
  });

  it('shares the sign-in lockout: failures through one instance lock the username on the other', async () => {
    for (let i = 0; i < 5; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await server.api('POST', '/api/login', {
        body: { username: 'Stranger ', password: `x${i}` },
      });
      expect(res.status).toBe(401);
    }
    for (const server of [a, b]) {
      const limited = await server.api('POST', '/api/login', {
        body: { username: 'stranger', password: 'x' },
      });
      expect(limited).toMatchObject({
        status: 429,
        body: { message: 'Too many attempts. Try again in 1 minute.' },
      });
    }
  });

  it('refreshes a cached blog page and answer on both instances after a publish', async () => {
    const draft = await a.api('POST', '/api/admin/blog', {
      cookie,
      body: { title: 'Fresh news', published: false },
    });
    expect(draft.status).toBe(201);
    // Warm both instances' caches (the rendered /blog page, the answer cache and the public fast path).
    for (const server of [a, b, a, b]) {
      const list = await server.api('GET', '/api/blog');
      expect(list.body.map((p: { title: string }) => p.title)).not.toContain('Fresh news');
      const page = await server.api('GET', '/blog');
      expect(page.status).toBe(200);
      expect(page.body).toContain('Limits');
      expect(page.body).not.toContain('Fresh news');
    }
    const published = await a.api('PUT', `/api/admin/blog/${draft.body.id}`, {
      cookie,
      body: { published: true },
    });
    expect(published.status).toBe(200);
    expect((await a.api('GET', '/api/blog')).body.map((p: { title: string }) => p.title)).toContain(
      'Fresh news',
    );
    const onB = await eventually(
      () => b.api('GET', '/api/blog'),
      (res) => res.body.some((p: { title: string }) => p.title === 'Fresh news'),
    );
    expect(onB.body.map((p: { title: string }) => p.title)).toContain('Fresh news');
    expect((await b.api('GET', `/api/blog/${draft.body.id}`)).body.title).toBe('Fresh news');
    for (const server of [a, b]) expect((await server.api('GET', '/blog')).body).toContain('Fresh news');
  });

  it('shows a site change made on one instance on both instances’ cached pages', async () => {
    for (const server of [a, b, a, b]) {
      const page = await server.api('GET', '/blog');
      expect(page.body).toContain('Thoughts on knowledge management, productivity, and technology');
      expect((await server.api('GET', '/api/site')).body.title).toBe('Private Notes');
    }
    const site = {
      title: 'Two Engines',
      tagline: 'Said once, shown twice',
      categories: [],
      contactEmail: 'both@example.org',
      socialLinks: [],
    };
    expect((await a.api('PUT', '/api/admin/site', { cookie, body: site })).status).toBe(200);
    const onB = await eventually(
      () => b.api('GET', '/blog'),
      (res) => String(res.body).includes('Said once, shown twice'),
    );
    expect(onB.body).toContain('href="mailto:both@example.org"');
    expect((await b.api('GET', '/api/site')).body.title).toBe('Two Engines');
    expect((await a.api('GET', '/blog')).body).toContain('Said once, shown twice');
  });

  it('lets exactly one instance claim a piece of background work, and frees it when its holder dies', async () => {
    const first = await a.handle.store.claim('newsletter:42');
    expect(first).not.toBeNull();
    expect(await b.handle.store.claim('newsletter:42')).toBeNull();
    expect(await a.handle.store.claim('newsletter:42')).toBeNull();
    expect(await b.handle.store.claim('digest')).not.toBeNull();
    await first!.release();
    const second = await b.handle.store.claim('newsletter:42');
    expect(second).not.toBeNull();
    // The holder's connection dies (a crashed instance): the claim is free at once and the holder is told.
    // Only this database's lock holders: the cluster is shared with the other test files, whose migrations hold
    // advisory locks too (terminating those failed postgres-store.test.ts mid-migration in a full run).
    await adminQueryIn(
      `SELECT pg_terminate_backend(pid) FROM pg_locks
        WHERE locktype = 'advisory' AND pid <> pg_backend_pid()
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    await eventually(
      async () => second!.signal.aborted,
      (aborted) => aborted,
    );
    expect(
      await eventually(
        () => a.handle.store.claim('newsletter:42'),
        (claim) => claim !== null,
      ),
    ).not.toBeNull();
  });
});

/** Runs SQL in the instances' database. */
async function adminQueryIn(sql: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}
