// PUBLIC_URL: its validation, and that feeds use it for every absolute link whatever host name the request
// used (server-rendered pages do the same for canonical and Open Graph URLs, see pages/web-app.ts). Without
// it, absolute links use the address the server listens on until the owner signs in, then the owner's,
// kept across restarts; an anonymous request's Host or X-Forwarded-Host never decides them, and the start
// warns (as it does for TRUST_PROXY=true).
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { loadMailConfig, parsePublicUrl } from '../src/mail/mail-config.ts';
import { startupWarnings } from '../src/startup-warnings.ts';
import { createPost } from './blog-fixtures.ts';
import { OWNER_PASSWORD, startTestServer, type TestServer } from './helpers.ts';

describe('PUBLIC_URL', () => {
  it('is an http(s) origin; a trailing slash is dropped; anything else stops the start with a clear error', () => {
    expect(parsePublicUrl(' https://blog.example/ ')).toBe('https://blog.example');
    expect(parsePublicUrl('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(parsePublicUrl('')).toBeNull();
    for (const bad of [
      'blog.example',
      'ftp://blog.example',
      'https://blog.example/blog',
      'https://x.example/?a=1',
    ])
      expect(() => parsePublicUrl(bad)).toThrow(/^PUBLIC_URL must be an http\(s\) origin/);
    expect(() => loadMailConfig({ SMTP_PORT: '0', SMTP_HOST: 'smtp.example' })).toThrow(
      /^SMTP_PORT must be a whole number from 1 to 65535/,
    );
    expect(() => loadMailConfig({ SMTP_URL: 'mail.example' })).toThrow(
      /^SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
    );
    expect(() => loadMailConfig({ DKIM_DOMAIN: 'blog.example' })).toThrow(/^DKIM needs all three/);
    expect(() => loadMailConfig({ MAIL_RETRY_DELAYS: '60,soon' })).toThrow(
      /^MAIL_RETRY_DELAYS must be seconds/,
    );
    expect(loadMailConfig({ MAIL_RETRY_DELAYS: '1, 2.5' }).retryDelaysMs).toEqual([1000, 2500]);
    expect(() => loadMailConfig({ DIGEST_DAY: '7' })).toThrow(
      /^DIGEST_DAY must be a whole number from 0 to 6/,
    );
  });

  it('feeds link to PUBLIC_URL whatever host the request used', async () => {
    const s = await startTestServer({ mail: loadMailConfig({ PUBLIC_URL: 'https://blog.example' }) });
    try {
      const cookie = await s.login();
      const post = await createPost(s, cookie, { title: 'Canonical', published: true });
      const rss = await (await fetch(`${s.url}/rss.xml`)).text();
      expect(rss).toContain(`<link>https://blog.example/blog/post/${post.id}/canonical</link>`);
      expect(rss).not.toContain(s.url);
      const sitemap = await (await fetch(`${s.url}/sitemap.xml`)).text();
      expect(sitemap).toContain(`<loc>https://blog.example/blog/post/${post.id}/canonical</loc>`);
      const robots = await (await fetch(`${s.url}/robots.txt`)).text();
      expect(robots).toContain('Sitemap: https://blog.example/sitemap.xml');
    } finally {
      await s.close();
    }
  });
});

describe('without PUBLIC_URL', () => {
  /** A request with a Host (and other headers) of the caller's choosing. */
  function send(
    s: TestServer,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; body: string; cookie: string | null }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${s.url}${path}`,
        { method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => {
            const session = res.headers['set-cookie']?.find((c) => c.startsWith('pn_session='));
            resolve({ status: res.statusCode ?? 0, body: text, cookie: session?.split(';')[0] ?? null });
          });
        },
      );
      req.on('error', reject);
      req.end(body ? JSON.stringify(body) : undefined);
    });
  }
  const signInAt = async (s: TestServer, host: string) => {
    const res = await send(
      s,
      'POST',
      '/api/login',
      { host },
      { username: 'admin', password: OWNER_PASSWORD },
    );
    expect(res.status).toBe(200);
    return res.cookie!;
  };

  it('an anonymous request never decides the address: the listening one, then the one the owner signs in at', async () => {
    const s = await startTestServer({ mail: loadMailConfig({}), trustProxy: 1 });
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    const logged: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => logged.push(args.join(' '));
    try {
      // The audit's case: a stranger's request comes first, by Host or through the proxy.
      const stranger = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };
      for (const path of ['/rss.xml', '/sitemap.xml', '/robots.txt']) {
        const body = (await send(s, 'GET', path, stranger)).body;
        expect(body, path).not.toContain('attacker.example');
      }
      expect((await send(s, 'GET', '/robots.txt', stranger)).body).toContain(`Sitemap: ${s.url}/sitemap.xml`);

      // The owner signs in through the proxy at the site's real address; later signed-in requests at
      // another address (here the loopback one) do not move it, and strangers never do.
      const cookie = await signInAt(s, 'blog.example:8080');
      expect(warnings.join('\n')).toContain(
        'now use http://blog.example:8080, the address the owner signed in at',
      );
      const post = await createPost(s, cookie, { title: 'Pinned', published: true });
      for (const path of ['/rss.xml', '/sitemap.xml', '/robots.txt']) {
        const body = (await send(s, 'GET', path, stranger)).body;
        expect(body, path).not.toContain('attacker.example');
        expect(body, path).toContain('http://blog.example:8080/');
      }
      expect((await send(s, 'GET', '/sitemap.xml', stranger)).body).toContain(
        `<loc>http://blog.example:8080/blog/post/${post.id}/pinned</loc>`,
      );
      // A captured confirmation link (capture mode takes the site's origin when PUBLIC_URL is unset).
      const subscribed = await send(s, 'POST', '/api/subscribe', stranger, { email: 'pinned@example.com' });
      expect(subscribed.status).toBe(200);
      for (let i = 0; i < 50 && !logged.some((l) => l.includes('pinned@example.com')); i++)
        await new Promise((r) => setTimeout(r, 20));
      const line = logged.find((l) => l.includes('Confirmation link for pinned@example.com'));
      expect(line).toContain('http://blog.example:8080/subscribe/confirm?token=');
      expect(line).not.toContain('attacker.example');
      // Captured in DATA_DIR before the server closes.
      let outbox = await s.api('GET', '/api/admin/mail/outbox', { cookie });
      for (let i = 0; i < 100 && outbox.body.messages.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        outbox = await s.api('GET', '/api/admin/mail/outbox', { cookie });
      }
      expect(outbox.body.messages).toHaveLength(1);

      // A later sign-in elsewhere is the owner's choice: it moves the address, replayed feeds included.
      await signInAt(s, 'notes.example');
      expect((await send(s, 'GET', '/rss.xml', stranger)).body).toContain('http://notes.example/');
    } finally {
      console.warn = warn;
      console.log = log;
      await s.close();
    }
  });

  it('keeps the owner’s address across a restart; a malformed Host is never kept', async () => {
    const s = await startTestServer({ mail: loadMailConfig({}) });
    let again: TestServer | null = null;
    try {
      await signInAt(s, 'evil.example/"><x');
      expect((await send(s, 'GET', '/robots.txt', { host: 'good.example' })).body).toContain(
        `Sitemap: ${s.url}/sitemap.xml`,
      );
      await signInAt(s, 'good.example');
      await s.close({ keepData: true });
      again = await startTestServer({ mail: loadMailConfig({}), dataDir: s.dataDir });
      expect((await send(again, 'GET', '/robots.txt', { host: 'attacker.example' })).body).toContain(
        'Sitemap: http://good.example/sitemap.xml',
      );
    } finally {
      await again?.close();
    }
  });
});

describe('start-up warnings', () => {
  it('warn about TRUST_PROXY=true (naming a hop count) and a missing PUBLIC_URL outside development', () => {
    const warnings = startupWarnings(loadConfig({ TRUST_PROXY: 'true' }), {});
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^TRUST_PROXY=true believes every X-Forwarded-For header/);
    expect(warnings[0]).toContain('TRUST_PROXY=1');
    expect(warnings[1]).toMatch(/^PUBLIC_URL is not set/);
    expect(warnings[1]).toContain('the address the owner signs in at (until then http://127.0.0.1:3000)');
    expect(warnings[1]).toContain("never a visitor's Host");
    expect(startupWarnings(loadConfig({ TRUST_PROXY: '1', PUBLIC_URL: 'https://blog.example' }), {})).toEqual(
      [],
    );
    expect(startupWarnings(loadConfig({}), { NODE_ENV: 'development' })).toEqual([]);
  });
});
