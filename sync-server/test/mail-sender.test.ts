// The site's identity in its mail: the From name is the site title (Settings › Site), and the sender address
// set there replaces MAIL_FROM's; an invalid address is refused and changes nothing.
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.ts';
import { setOwnerEmail, startMailTestServer } from './mail-helpers.ts';

describe('the sender of the site’s mail', () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startMailTestServer();
    cookie = await s.login();
    await setOwnerEmail(s, cookie, 'owner@example.com');
  });
  afterAll(() => s.close());

  it('names the site and uses the sender address set in Settings › Site', async () => {
    const site = (await s.api('GET', '/api/admin/site', { cookie })).body;
    const refused = await s.api('PUT', '/api/admin/site', {
      cookie,
      body: { ...site, title: 'Field Notes', senderEmail: 'not an address' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^senderEmail: /);
    expect((await s.api('GET', '/api/admin/site', { cookie })).body.title).toBe(site.title);

    const saved = await s.api('PUT', '/api/admin/site', {
      cookie,
      body: { ...site, title: 'Field Notes', senderEmail: 'news@field.example' },
    });
    expect(saved.status).toBe(200);
    expect((await s.api('GET', '/api/admin/mail/status', { cookie })).body.from).toBe(
      'Field Notes <news@field.example>',
    );
    expect((await s.api('POST', '/api/admin/mail/test', { cookie })).status).toBe(200);
    const [message] = (await s.api('GET', '/api/admin/mail/outbox', { cookie })).body.messages;
    const eml = await fetch(`${s.url}/api/admin/mail/outbox/${message.id}/eml`, { headers: { cookie } });
    const parsed = await simpleParser(Buffer.from(await eml.arrayBuffer()));
    expect(parsed.from?.value).toEqual([{ name: 'Field Notes', address: 'news@field.example' }]);

    // Without a sender address, MAIL_FROM's address under the site's name.
    await s.api('PUT', '/api/admin/site', {
      cookie,
      body: { ...site, title: 'Field Notes', senderEmail: null },
    });
    expect((await s.api('GET', '/api/admin/mail/status', { cookie })).body.from).toBe(
      'Field Notes <no-reply@blog.example>',
    );
  });
});
