// Long notes over HTTP: a 200 KB note with unicode and markdown comes back byte for byte (also after a
// restart), a note at the limit is accepted, one character more is refused with 413 and the shared message,
// and only the signed-in owner may send bodies beyond the ordinary limit.
import { NOTE_CONTENT_MAX, NOTE_REQUEST_MAX_BYTES, noteTooLongMessage } from '@private-notes/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** About `bytes` of UTF-8: markdown structure, accents, CJK, emoji (astral), RTL text, a zero-width joiner. */
function longMarkdown(bytes: number): string {
  const block = [
    '## Lecture 3 — Entropie & Ordnung 🔬',
    '',
    '- **Crème brûlée** costs 12 € · naïve café',
    '- 東京の熱力学の講義ノート、第三章。',
    '- שלום עולם · مرحبا بالعالم',
    '- Family: 👩‍👩‍👧 and flags 🇯🇵 🇫🇷',
    '',
    '> "Quoted" \\ back\\slash, tab\there, <tags> & `code`',
    '',
    '```ts\nconst x = "ü";\n```',
    '',
  ].join('\n');
  const blockBytes = Buffer.byteLength(block);
  return Array.from({ length: Math.ceil(bytes / blockBytes) }, (_, i) => `${block}${i}\r\n`).join('');
}

describe('long notes', () => {
  it('keeps a 200 KB note with unicode and markdown byte for byte, across a restart', async () => {
    s = await startTestServer();
    const cookie = await s.login();
    const content = longMarkdown(200 * 1024);
    expect(Buffer.byteLength(content)).toBeGreaterThan(200 * 1024);

    const created = await s.api('POST', '/api/notes', { cookie, body: { title: 'Transcript', content } });
    expect(created.status).toBe(201);
    expect(created.body.content).toBe(content);
    const read = await fetch(`${s.url}/api/notes/${created.body.id}`, { headers: { cookie } });
    const bytes = Buffer.from(await read.arrayBuffer());
    expect(JSON.parse(bytes.toString('utf8')).content).toBe(content);

    const edited = `${content}\n\nOne more line — ✓`;
    const updated = await s.api('PUT', `/api/notes/${created.body.id}`, {
      cookie,
      body: { content: edited, baseVersion: 1 },
    });
    expect(updated.status).toBe(200);

    const dataDir = s.dataDir;
    await s.close({ keepData: true });
    s = await startTestServer({ dataDir });
    const again = await s.api('GET', '/api/notes/changes', { cookie: await s.login() });
    expect(again.body.notes).toHaveLength(1);
    expect(again.body.notes[0].content).toBe(edited);
    expect(Buffer.from(again.body.notes[0].content).equals(Buffer.from(edited))).toBe(true);
  });

  it('accepts a note at the limit, even in three-byte characters', async () => {
    s = await startTestServer();
    const cookie = await s.login();
    const content = '語'.repeat(NOTE_CONTENT_MAX);
    expect(Buffer.byteLength(content)).toBeGreaterThan(3_000_000);
    const created = await s.api('POST', '/api/notes', { cookie, body: { title: 'Long', content } });
    expect(created.status).toBe(201);
    expect(created.body.content.length).toBe(NOTE_CONTENT_MAX);
  });

  it('refuses a note one character over the limit with 413 and a clear message; stores nothing', async () => {
    s = await startTestServer();
    const cookie = await s.login();
    const content = 'x'.repeat(NOTE_CONTENT_MAX + 1);
    const created = await s.api('POST', '/api/notes', { cookie, body: { title: 'Too long', content } });
    expect(created.status).toBe(413);
    expect(created.body).toEqual({ message: noteTooLongMessage(NOTE_CONTENT_MAX + 1) });
    expect(created.body.message).toBe(
      'This note is too long: 1,048,577 characters, and a note can hold at most 1,048,576.',
    );

    const small = await s.api('POST', '/api/notes', { cookie, body: { title: 'Small', content: 'ok' } });
    const update = await s.api('PUT', `/api/notes/${small.body.id}`, { cookie, body: { content } });
    expect(update.status).toBe(413);
    expect(
      (await s.api('GET', '/api/notes', { cookie })).body.map((n: { content: string }) => n.content),
    ).toEqual(['ok']);

    // A body beyond what the server parses at all gets the same words, without a count.
    const huge = await s.api('POST', '/api/notes', {
      cookie,
      rawBody: JSON.stringify({ title: 'Huge', content: 'y'.repeat(NOTE_REQUEST_MAX_BYTES) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: noteTooLongMessage() });
  });

  it('parses large bodies only for the signed-in owner', async () => {
    s = await startTestServer();
    const body = { email: 'a@example.com', pad: 'z'.repeat(1_100_000) };
    const anonymous = await s.api('POST', '/api/subscribe', { body });
    expect(anonymous.status).toBe(413);
    expect(anonymous.body).toEqual({ message: 'Request body is too large' });
    const notSignedIn = await s.api('POST', '/api/notes', {
      body: { title: 'x', content: 'x'.repeat(1_100_000) },
    });
    expect(notSignedIn.status).toBe(413);
  });
});
