// Test helpers for e-mail: a server wired to a loopback SMTP server (or capture mode), subscribers and
// posts seeded straight into the store, and waiting for a newsletter send to settle.
import type { NewsletterSend } from '@private-notes/shared';
import type { Config } from '../src/config.ts';
import { loadMailConfig, type MailConfig } from '../src/mail/mail-config.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import type { TestSmtpServer } from './smtp-test-server.ts';

export const PUBLIC_URL = 'https://blog.example';

export async function startMailTestServer(
  options: {
    smtp?: TestSmtpServer;
    env?: Record<string, string>;
    mail?: Partial<MailConfig>;
    dataDir?: string;
    config?: Partial<Config>;
  } = {},
): Promise<TestServer> {
  const env: Record<string, string> = {
    PUBLIC_URL,
    ...(options.smtp ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(options.smtp.port) } : {}),
    ...options.env,
  };
  const mail: MailConfig = {
    ...loadMailConfig(env),
    retryDelaysMs: [40, 40, 40, 40],
    ...options.mail,
  };
  return startTestServer({
    ...options.config,
    mail,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
}

/** Active subscribers `reader{i}@example.com`, inserted directly (as if they had confirmed). */
export async function seedSubscribers(s: TestServer, count: number, prefix = 'reader'): Promise<void> {
  const at = new Date().toISOString();
  await s.handle.store.write((tx) => {
    for (let i = 1; i <= count; i++)
      tx.insert('subscribers', {
        email: `${prefix}${i}@example.com`,
        name: null,
        interests: [],
        active: true,
        status: 'active',
        subscribedAt: at,
        confirmedAt: at,
      });
  });
}

export async function createPost(
  s: TestServer,
  cookie: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; title: string }> {
  const res = await s.api('POST', '/api/admin/blog', {
    cookie,
    body: {
      title: 'Spaced repetition, gently',
      excerpt: 'Why cards beat rereading',
      content:
        'Hello **readers**.\n\n![diagram](https://cdn.example/diagram.png)\n\nSee [the notes](/blog/tags/memory).',
      published: true,
      ...fields,
    },
  });
  if (res.status !== 201) throw new Error(`post not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function setOwnerEmail(
  s: TestServer,
  cookie: string,
  ownerEmail: string | null,
  extra = {},
): Promise<void> {
  const current = await s.api('GET', '/api/user/settings', { cookie });
  const res = await s.api('PUT', '/api/user/settings', {
    cookie,
    body: { ...current.body, ownerEmail, ...extra },
  });
  if (res.status !== 200) throw new Error(`settings not saved: ${JSON.stringify(res.body)}`);
}

/** Polls the send until it is done or paused (or `until` holds). */
export async function waitForSend(
  s: TestServer,
  cookie: string,
  postId: number,
  until: (send: NewsletterSend) => boolean = (send) => send.state !== 'sending',
  timeoutMs = 20_000,
): Promise<NewsletterSend> {
  const start = Date.now();
  for (;;) {
    const res = await s.api<NewsletterSend | null>('GET', `/api/admin/blog/${postId}/newsletter`, { cookie });
    if (res.body && until(res.body)) return res.body;
    if (Date.now() - start > timeoutMs) throw new Error(`send not settled: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
