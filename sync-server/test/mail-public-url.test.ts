// PUBLIC_URL: its validation, and that feeds use it for every absolute link whatever host name the request
// used (server-rendered pages do the same for canonical and Open Graph URLs, see pages/web-app.ts).
import { describe, expect, it } from 'vitest';
import { loadMailConfig, parsePublicUrl } from '../src/mail/mail-config.ts';
import { createPost } from './blog-fixtures.ts';
import { startTestServer } from './helpers.ts';

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
