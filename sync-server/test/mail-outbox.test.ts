// Capture mode, the default with no SMTP configured: every message is written as a .eml under
// DATA_DIR/mail and listed in the owner's Outbox as captured (never as delivered), with a parsed preview
// and a download. Also the status, verify and test endpoints, and DKIM signing over SMTP.
import { generateKeyPairSync } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, type TestServer } from './helpers.ts';
import {
  createPost,
  seedSubscribers,
  setOwnerEmail,
  startMailTestServer,
  waitForSend,
} from './mail-helpers.ts';
import { startSmtpServer } from './smtp-test-server.ts';

describe('capture mode and the Outbox', () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startMailTestServer();
    cookie = await s.login();
  });
  afterAll(() => s.close());

  it('reports the capture transport, verifies without SMTP, and needs an owner address for a test', async () => {
    const status = await s.api('GET', '/api/admin/mail/status', { cookie });
    expect(status.body).toMatchObject({
      transport: 'capture',
      description: 'Captured to the Outbox (no SMTP server is configured)',
      from: 'Private Notes <no-reply@blog.example>',
      publicUrl: 'https://blog.example',
      ownerEmail: null,
      captured: 0,
    });
    expect(status.body.problems).toEqual([expect.stringMatching(/Settings › Profile/)]);
    expect(await s.api('POST', '/api/admin/mail/verify', { cookie })).toMatchObject({
      status: 200,
      body: { message: 'E-mail is captured to the Outbox; no SMTP server is configured' },
    });
    expect(await s.api('POST', '/api/admin/mail/test', { cookie })).toMatchObject({
      status: 400,
      body: { message: 'Set your e-mail address in Settings › Profile first' },
    });
    for (const path of ['/api/admin/mail/status', '/api/admin/mail/outbox', '/api/admin/mail/outbox/1'])
      expect((await s.api('GET', path)).status).toBe(401);
  });

  it('rejects an owner address that is not an e-mail address, and saves empty as null', async () => {
    const current = (await s.api('GET', '/api/user/settings', { cookie })).body;
    expect(current.ownerEmail).toBeNull();
    const bad = await s.api('PUT', '/api/user/settings', {
      cookie,
      body: { ...current, ownerEmail: 'not mail' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^ownerEmail: must be a valid email address/);
    const empty = await s.api('PUT', '/api/user/settings', {
      cookie,
      body: { ...current, ownerEmail: '  ' },
    });
    expect(empty.body.ownerEmail).toBeNull();
  });

  it('captures a test mail and a newsletter issue as .eml files listed in the Outbox, newest first', async () => {
    await setOwnerEmail(s, cookie, 'owner@example.com');
    const test = await s.api('POST', '/api/admin/mail/test', { cookie });
    expect(test).toMatchObject({
      status: 200,
      body: { message: 'Test e-mail to owner@example.com captured in the Outbox' },
    });
    await seedSubscribers(s, 2);
    const post = await createPost(s, cookie, { title: 'Captured issue' });
    await s.api('POST', `/api/admin/blog/${post.id}/newsletter`, { cookie, body: { recipients: 2 } });
    expect(await waitForSend(s, cookie, post.id)).toMatchObject({ state: 'done', sent: 2 });

    const list = await s.api('GET', '/api/admin/mail/outbox', { cookie });
    const rows = list.body.messages.map((m: { to: string; kind: string; state: string }) => [
      m.to,
      m.kind,
      m.state,
    ]);
    // Newest first: the two copies (handed over on parallel connections, in either order), then the test.
    expect(rows.slice(0, 2).sort()).toEqual([
      ['reader1@example.com', 'newsletter', 'captured'],
      ['reader2@example.com', 'newsletter', 'captured'],
    ]);
    expect(rows[2]).toEqual(['owner@example.com', 'test', 'captured']);
    const files = await readdir(path.join(s.dataDir, 'mail'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(3);
    const status = await s.api('GET', '/api/admin/mail/status', { cookie });
    expect(status.body).toMatchObject({ captured: 3, ownerEmail: 'owner@example.com', problems: [] });

    const id = list.body.messages[0].id as string;
    const detail = await s.api('GET', `/api/admin/mail/outbox/${id}`, { cookie });
    expect(detail.body).toMatchObject({ id, subject: 'Captured issue', to: list.body.messages[0].to });
    expect(detail.body.html).toContain('Hello <strong');
    expect(detail.body.text).toContain('Hello readers');
    expect(detail.body.headers).toEqual(
      expect.arrayContaining([{ name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' }]),
    );

    const eml = await fetch(`${s.url}/api/admin/mail/outbox/${id}/eml`, { headers: { cookie } });
    expect(eml.headers.get('content-type')).toMatch(/^message\/rfc822/);
    expect(eml.headers.get('content-disposition')).toBe(`attachment; filename="message-${id}.eml"`);
    const parsed = await simpleParser(Buffer.from(await eml.arrayBuffer()));
    expect(parsed.subject).toBe('Captured issue');
  });

  it('answers 404 for unknown or malformed Outbox ids', async () => {
    for (const id of ['999', 'abc', '0'])
      expect(await s.api('GET', `/api/admin/mail/outbox/${id}`, { cookie })).toMatchObject({
        status: 404,
        body: { message: 'Message not found' },
      });
  });
});

describe('DKIM over SMTP', () => {
  it('signs each message, List-Unsubscribe-Post among the signed headers', async () => {
    const dir = await makeTempDir('pn-dkim-');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyFile = path.join(dir, 'dkim.pem');
    await writeFile(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const smtp = await startSmtpServer();
    const s = await startMailTestServer({
      smtp,
      env: { DKIM_DOMAIN: 'blog.example', DKIM_SELECTOR: 'pn2026', DKIM_PRIVATE_KEY_FILE: keyFile },
    });
    try {
      const cookie = await s.login();
      const status = await s.api('GET', '/api/admin/mail/status', { cookie });
      expect(status.body.description).toBe(
        `SMTP 127.0.0.1:${smtp.port} (pooled, up to 3 connections, 20 messages/s, DKIM pn2026._domainkey.blog.example)`,
      );
      await seedSubscribers(s, 1);
      const post = await createPost(s, cookie);
      await s.api('POST', `/api/admin/blog/${post.id}/newsletter`, { cookie, body: { recipients: 1 } });
      await smtp.waitFor(1);
      const raw = smtp.received[0]!.raw;
      const signature = /^DKIM-Signature:([\s\S]*?)\r?\n(?=\S)/m.exec(raw)?.[1]?.replace(/\s+/g, '') ?? '';
      expect(signature).toContain('d=blog.example');
      expect(signature).toContain('s=pn2026');
      const signed = /;h=([^;]+)/.exec(signature)?.[1]?.toLowerCase().split(':') ?? [];
      expect(signed).toEqual(
        expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']),
      );
    } finally {
      await s.close();
      await smtp.close();
    }
  });

  it('refuses to start with an unreadable key file', async () => {
    await expect(
      startMailTestServer({
        env: { DKIM_DOMAIN: 'a.example', DKIM_SELECTOR: 's', DKIM_PRIVATE_KEY_FILE: '/nonexistent/key.pem' },
      }),
    ).rejects.toThrow(/DKIM_PRIVATE_KEY_FILE: cannot read \/nonexistent\/key.pem/);
  });
});
