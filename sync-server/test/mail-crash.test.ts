// Crash safety of a newsletter send: the real server as a child process sends to 500 recipients through a
// loopback SMTP server and is SIGKILLed after about 100 were accepted. After a restart the send finishes:
// every recipient not marked uncertain has exactly one message, and no more are uncertain than there are
// SMTP connections (only a hand-over in flight can be in doubt).
import { rm } from 'node:fs/promises';
import { afterAll, expect, it } from 'vitest';
import { Store } from '../src/storage/index.ts';
import { makeTempDir, OWNER_PASSWORD } from './helpers.ts';
import { startServerProcess } from './server-process.ts';
import { startSmtpServer } from './smtp-test-server.ts';

const TOTAL = 500;
const KILL_AFTER = 100;
const CONNECTIONS = 3;

let dataDir = '';
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function api(
  url: string,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: the test reads answers field by field
): Promise<{ status: number; body: any }> {
  const res = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

it('after a SIGKILL mid-send, nobody gets two copies and at most one uncertain per connection', {
  timeout: 120_000,
}, async () => {
  dataDir = await makeTempDir('pn-mail-crash-');
  const seed = await Store.open(dataDir);
  await seed.write((tx) => {
    for (let i = 1; i <= TOTAL; i++)
      tx.insert('subscribers', {
        email: `r${i}@example.com`,
        name: null,
        interests: [],
        active: true,
        status: 'active',
        subscribedAt: new Date().toISOString(),
        confirmedAt: new Date().toISOString(),
      });
  });
  await seed.close();

  const smtp = await startSmtpServer();
  const env = {
    DATA_DIR: dataDir,
    OWNER_PASSWORD,
    PUBLIC_URL: 'https://blog.example',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_MAX_CONNECTIONS: String(CONNECTIONS),
    SMTP_RATE_PER_SECOND: '10000',
  };
  const first = await startServerProcess(env);
  const login = await fetch(`${first.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: OWNER_PASSWORD }),
  });
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const post = await api(first.url, 'POST', '/api/admin/blog', cookie, {
    title: 'Crash issue',
    content: 'Hi',
    published: true,
  });
  let killed = false;
  smtp.fault = () => {
    // Kill as soon as the 100th message is accepted (this one is accepted too).
    if (!killed && smtp.received.length + 1 >= KILL_AFTER) {
      killed = true;
      first.child.kill('SIGKILL');
    }
    return null;
  };
  const started = await api(first.url, 'POST', `/api/admin/blog/${post.body.id}/newsletter`, cookie, {
    recipients: TOTAL,
  });
  expect(started.status).toBe(202);
  await first.exited;
  expect(killed).toBe(true);
  const beforeRestart = smtp.received.length;
  expect(beforeRestart).toBeGreaterThanOrEqual(KILL_AFTER);
  expect(beforeRestart).toBeLessThan(TOTAL);

  const second = await startServerProcess(env);
  try {
    for (let i = 0; ; i++) {
      const send = await api(second.url, 'GET', `/api/admin/blog/${post.body.id}/newsletter`, cookie);
      if (send.body?.state === 'done') break;
      if (i > 1200) throw new Error(`send did not finish: ${JSON.stringify(send.body)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
    await smtp.close();
  }

  const store = await Store.open(dataDir);
  try {
    const recipients = store.all('newsletterRecipients');
    expect(recipients).toHaveLength(TOTAL);
    const copies = new Map<string, number>();
    for (const m of smtp.received) copies.set(m.to, (copies.get(m.to) ?? 0) + 1);
    const uncertain = recipients.filter((r) => r.state === 'uncertain');
    const sure = recipients.filter((r) => r.state !== 'uncertain');
    expect(sure.every((r) => r.state === 'sent')).toBe(true);
    expect(sure.filter((r) => copies.get(r.email) !== 1).map((r) => [r.email, copies.get(r.email)])).toEqual(
      [],
    );
    expect(uncertain.length).toBeLessThanOrEqual(CONNECTIONS);
    for (const r of uncertain) expect(copies.get(r.email) ?? 0).toBeLessThanOrEqual(1);
    const send = store.all('newsletterSends')[0]!;
    expect(send).toMatchObject({ total: TOTAL, sent: sure.length, uncertain: uncertain.length });
    console.log(
      `crash test: ${beforeRestart} accepted before the kill, ${uncertain.length} uncertain, ${smtp.connections} SMTP connections in all`,
    );
  } finally {
    await store.close();
  }
});
