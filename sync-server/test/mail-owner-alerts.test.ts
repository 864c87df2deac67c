// Owner mail: comment alerts (only with "Email notifications" on and an owner address; grouped; at most
// one per interval; linking to the post's #comments) and the weekly digest (keyed by ISO week: never twice,
// a missed week once at the next start), both captured to the Outbox.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.ts';
import { createPost, PUBLIC_URL, setOwnerEmail, startMailTestServer } from './mail-helpers.ts';

const MINUTE = 60_000;

async function outbox(s: TestServer, cookie: string, kind: string) {
  const res = await s.api('GET', '/api/admin/mail/outbox', { cookie });
  return (res.body.messages as { id: string; kind: string; subject: string }[]).filter(
    (m) => m.kind === kind,
  );
}

describe('comment alerts', () => {
  let s: TestServer;
  let cookie: string;
  let post: { id: number; title: string };
  beforeAll(async () => {
    s = await startMailTestServer();
    cookie = await s.login();
    post = await createPost(s, cookie, { title: 'Moderate me' });
  });
  afterAll(() => s.close());

  const alerts = () => s.handle.services.mail.alerts;
  const comment = (author: string) =>
    s.api('POST', `/api/blog/${post.id}/comments`, {
      body: { author, email: `${author}@example.com`, content: `Hi from ${author}` },
    });

  it('sends nothing without an owner address or with notifications off', async () => {
    expect((await comment('ann')).status).toBe(201);
    expect(await alerts().check()).toBe(false);
    await setOwnerEmail(s, cookie, 'owner@example.com', { emailNotifications: false });
    expect(await alerts().check()).toBe(false);
    expect(await outbox(s, cookie, 'alert')).toEqual([]);
  });

  it('a new comment sends one grouped mail at once, linking to #comments; then the interval holds', async () => {
    await setOwnerEmail(s, cookie, 'owner@example.com', { emailNotifications: true });
    const t0 = new Date();
    await comment('bob');
    let sent = await outbox(s, cookie, 'alert');
    for (let i = 0; i < 100 && sent.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      sent = await outbox(s, cookie, 'alert');
    }
    expect(sent.map((m) => m.subject)).toEqual(['2 new comments waiting for moderation']);
    const detail = await s.api('GET', `/api/admin/mail/outbox/${sent[0]!.id}`, { cookie });
    expect(detail.body.to).toBe('owner@example.com');
    expect(detail.body.html).toContain(`${PUBLIC_URL}/blog/post/${post.id}/moderate-me#comments`);
    // And to the moderation queue, where every waiting comment can be approved without opening posts.
    expect(detail.body.html).toContain(`href="${PUBLIC_URL}/admin/comments"`);
    expect(detail.body.text).toContain('Hi from ann');

    // Nothing new: no mail. A new comment within 10 minutes waits; after them, one mail for it alone.
    expect(await alerts().check(new Date(t0.getTime() + MINUTE))).toBe(false);
    await comment('cy');
    expect(await alerts().check(new Date(t0.getTime() + 9 * MINUTE))).toBe(false);
    expect(await alerts().check(new Date(t0.getTime() + 11 * MINUTE))).toBe(true);
    const all = await outbox(s, cookie, 'alert');
    expect(all.map((m) => m.subject)).toEqual([
      '1 new comment waiting for moderation',
      '2 new comments waiting for moderation',
    ]);
  });
});

describe('weekly digest', () => {
  it('sends once per ISO week, survives a restart without repeating, and catches up a missed week once', async () => {
    // Monday 08:00 in the server's zone (the defaults).
    let s = await startMailTestServer();
    const dataDir = s.dataDir;
    try {
      let cookie = await s.login();
      const digest = () => s.handle.services.mail.digest;
      await setOwnerEmail(s, cookie, 'owner@example.com', { weeklyDigest: true });
      const post = await createPost(s, cookie, { title: 'Read me' });
      for (let i = 0; i < 3; i++) await s.api('POST', `/api/blog/${post.id}/view`);

      const monday = new Date(2030, 0, 7, 9, 0); // Monday 7 January 2030, 09:00: after this week's run
      expect(await digest().runIfDue(monday)).toBe('sent');
      expect(await digest().runIfDue(new Date(2030, 0, 9, 12))).toBe('already-sent');
      const [mail] = await outbox(s, cookie, 'digest');
      expect(mail?.subject).toBe('Private Notes: your week (2030-W02)');
      const detail = await s.api('GET', `/api/admin/mail/outbox/${mail!.id}`, { cookie });
      expect(detail.body.text).toMatch(/New comments: 0/);
      expect(detail.body.text).toMatch(/Post views so far .*: 3/);

      // A restart in the same week sends nothing more.
      await s.close({ keepData: true });
      s = await startMailTestServer({ dataDir });
      cookie = await s.login();
      expect(await digest().runIfDue(new Date(2030, 0, 10, 8))).toBe('already-sent');

      // The server was down over the next two Mondays: one digest at the next start, for the latest week.
      await s.api('POST', `/api/blog/${post.id}/view`);
      expect(await digest().runIfDue(new Date(2030, 0, 23, 10))).toBe('sent');
      expect(await digest().runIfDue(new Date(2030, 0, 23, 11))).toBe('already-sent');
      const digests = await outbox(s, cookie, 'digest');
      expect(digests.map((m) => m.subject)).toEqual([
        'Private Notes: your week (2030-W04)',
        'Private Notes: your week (2030-W02)',
      ]);
      const latest = await s.api('GET', `/api/admin/mail/outbox/${digests[0]!.id}`, { cookie });
      expect(latest.body.text).toMatch(/Post views this week: 1/);
    } finally {
      await s.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('with the digest off, the week is settled and nothing is sent', async () => {
    const s = await startMailTestServer();
    try {
      const cookie = await s.login();
      await setOwnerEmail(s, cookie, 'owner@example.com', { weeklyDigest: false });
      expect(await s.handle.services.mail.digest.runIfDue(new Date(2030, 0, 7, 9))).toBe('off');
      expect(await outbox(s, cookie, 'digest')).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
