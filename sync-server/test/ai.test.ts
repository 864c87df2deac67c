import { readFileSync } from 'node:fs';
import { NOTE_CONTENT_MAX, noteTooLongMessage } from '@private-notes/shared';
import { NO_MODEL_LINE } from '@private-notes/shared/ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fake-openai-server.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../shared/src/ai/fixtures/${name}.md`, import.meta.url), 'utf8');

const NOTE_ENDPOINTS = [
  '/api/notes/suggest-tags',
  '/api/notes/extract-insights',
  '/api/notes/generate-flashcards',
  '/api/notes/key-insights',
];

describe('AI endpoints with the local provider', () => {
  let s: TestServer;
  let cookie: string;

  beforeAll(async () => {
    s = await startTestServer();
    cookie = await s.login();
  });
  afterAll(async () => {
    await s.close();
  });

  it('answer 401 to anonymous callers', async () => {
    for (const path of [...NOTE_ENDPOINTS, '/api/ai/generate-blog', '/api/ai/explain']) {
      const res = await s.api('POST', path, { body: { content: 'x', concept: 'x', noteId: 1 } });
      expect(res.status, path).toBe(401);
    }
    for (const path of ['/api/ai/explanations', '/api/ai/status']) {
      expect((await s.api('GET', path)).status, path).toBe(401);
    }
  });

  it('reports the provider to the owner', async () => {
    expect((await s.api('GET', '/api/ai/status', { cookie })).body).toEqual({
      provider: 'local',
      model: null,
    });
  });

  it('suggests tags from the note, preferring the owner’s existing tags', async () => {
    const content = fixture('tcp-congestion-control');
    const res = await s.api('POST', '/api/notes/suggest-tags', {
      cookie,
      body: { content, existingTags: ['TCP'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.tags[0]).toBe('TCP');
    expect(res.body.tags).toContain('congestion-control');
    expect(res.body.tags.length).toBeLessThanOrEqual(5);
  });

  it('uses the tags of the owner’s notes when the client sends none', async () => {
    await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'Old', content: 'x', tags: ['Networking Basics', 'Sourdough'] },
    });
    const res = await s.api('POST', '/api/notes/suggest-tags', {
      cookie,
      body: { content: fixture('sourdough') },
    });
    expect(res.body.tags[0]).toBe('Sourdough');
  });

  it('extracts insights and key points that are sentences of the note', async () => {
    const content = fixture('zettelkasten');
    const insights = await s.api('POST', '/api/notes/extract-insights', { cookie, body: { content } });
    const points = await s.api('POST', '/api/notes/key-insights', { cookie, body: { content } });
    expect(insights.status).toBe(200);
    expect(points.status).toBe(200);
    expect(insights.body.insights.length).toBeGreaterThan(0);
    expect(insights.body.insights.length).toBeLessThanOrEqual(5);
    expect(points.body.insights.length).toBeLessThanOrEqual(7);
    const plain = content.replace(/\*\*/g, '').replace(/\s+/g, ' ');
    for (const sentence of [...insights.body.insights, ...points.body.insights])
      expect(plain).toContain(sentence);
  });

  it('generates flashcards for a note id', async () => {
    const res = await s.api('POST', '/api/notes/generate-flashcards', {
      cookie,
      body: { content: fixture('spaced-repetition'), noteId: 7 },
    });
    expect(res.status).toBe(200);
    expect(res.body.flashcards.length).toBeGreaterThan(3);
    for (const card of res.body.flashcards) {
      expect(card).toEqual({
        id: expect.any(String),
        question: expect.any(String),
        answer: expect.any(String),
        noteId: 7,
      });
      expect(card.question.length).toBeGreaterThan(0);
      expect(card.answer.length).toBeGreaterThan(0);
    }
  });

  it('answers empty results for blank content', async () => {
    const keys = ['tags', 'insights', 'flashcards', 'insights'];
    for (const [i, path] of NOTE_ENDPOINTS.entries()) {
      const res = await s.api('POST', path, { cookie, body: { content: '  \n ' } });
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual({ [keys[i]!]: [] });
    }
  });

  it('refuses missing content with 400 naming the field, and a note over the limit with 413', async () => {
    for (const path of NOTE_ENDPOINTS) {
      const missing = await s.api('POST', path, { cookie, body: {} });
      expect(missing.status, path).toBe(400);
      expect(missing.body.message, path).toMatch(/^content: /);
      const content = 'a'.repeat(NOTE_CONTENT_MAX + 1);
      const tooBig = await s.api('POST', path, { cookie, body: { content } });
      expect(tooBig.status, path).toBe(413);
      expect(tooBig.body.message).toBe(noteTooLongMessage(content.length));
    }
  });

  it('generates a draft post linked to the note, and 404s for an unknown note', async () => {
    const created = await s.api('POST', '/api/notes', {
      cookie,
      body: {
        title: 'TCP congestion control',
        content: fixture('tcp-congestion-control'),
        tags: ['networking'],
      },
    });
    expect(created.status).toBe(201);
    const res = await s.api('POST', '/api/ai/generate-blog', { cookie, body: { noteId: created.body.id } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const posts = (await s.api('GET', '/api/admin/blog', { cookie })).body as { id: number }[];
    const post = posts.find((p) => p.id === res.body.id);
    expect(post).toMatchObject({
      title: 'TCP congestion control',
      published: false,
      publishedAt: null,
      sourceNoteId: created.body.id,
    });
    // The draft's tags are the note's, no more (the model's suggestions are not added behind the owner's back).
    expect(post).toMatchObject({ tags: ['networking'] });
    // A draft is not public.
    expect((await s.api('GET', `/api/blog/${res.body.id}`)).status).toBe(404);

    const missing = await s.api('POST', '/api/ai/generate-blog', { cookie, body: { noteId: 999_999 } });
    expect(missing.status).toBe(404);
    expect((await s.api('POST', '/api/ai/generate-blog', { cookie, body: { noteId: 'x' } })).status).toBe(
      400,
    );
  });

  it('refuses an empty concept with the spec message', async () => {
    for (const body of [{ concept: '   ' }, { concept: '' }, {}, { concept: 42 }]) {
      const res = await s.api('POST', '/api/ai/explain', { cookie, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid concept for AI explanation' });
    }
    const long = await s.api('POST', '/api/ai/explain', { cookie, body: { concept: 'x'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('concept: must be at most 200 characters');
  });

  it('explains a concept from the owner’s notes, stores it, and lists explanations newest first', async () => {
    await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'Weekend sourdough loaf', content: fixture('sourdough'), tags: [] },
    });
    const first = await s.api('POST', '/api/ai/explain', {
      cookie,
      body: { concept: '  bulk fermentation ' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      concept: 'bulk fermentation',
      explanation: expect.stringContaining('From "Weekend sourdough loaf":'),
      createdAt: expect.any(String),
    });
    expect(first.body.explanation).toContain(NO_MODEL_LINE);
    const second = await s.api('POST', '/api/ai/explain', { cookie, body: { concept: 'Mind Mapping' } });
    expect(second.body.explanation).toContain('None of your notes mention "Mind Mapping"');

    const list = await s.api('GET', '/api/ai/explanations', { cookie });
    expect(list.status).toBe(200);
    expect(list.body.map((e: { concept: string }) => e.concept).slice(0, 2)).toEqual([
      'Mind Mapping',
      'bulk fermentation',
    ]);
    expect(list.body[0]).toEqual(second.body);
  });

  it('keeps explanations after a restart', async () => {
    const dataDir = s.dataDir;
    const before = (await s.api('GET', '/api/ai/explanations', { cookie })).body;
    await s.close({ keepData: true });
    s = await startTestServer({ dataDir });
    cookie = await s.login();
    expect((await s.api('GET', '/api/ai/explanations', { cookie })).body).toEqual(before);
  });
});

describe('AI endpoints with an OpenAI-compatible model', () => {
  let fake: FakeOpenAiServer;
  let s: TestServer;
  let cookie: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    // No key: a local server such as Ollama needs only its address, given here without /v1.
    s = await startTestServer({ openai: { apiKey: null, baseUrl: fake.url, model: 'fake-model' } });
    cookie = await s.login();
  });
  afterAll(async () => {
    await s.close();
    await fake.close();
  });

  it('reports the model', async () => {
    expect((await s.api('GET', '/api/ai/status', { cookie })).body).toEqual({
      provider: 'openai',
      model: 'fake-model',
    });
  });

  it('stores the model’s explanation', async () => {
    fake.script({
      content: '```json\n{"explanation": "Cognitive load theory says working memory is limited."}\n```',
    });
    const res = await s.api('POST', '/api/ai/explain', {
      cookie,
      body: { concept: 'Cognitive Load Theory' },
    });
    expect(res.status).toBe(201);
    expect(res.body.explanation).toBe('Cognitive load theory says working memory is limited.');
  });

  it('answers 502 with the spec message when the model fails, and stores nothing', async () => {
    const before = (await s.api('GET', '/api/ai/explanations', { cookie })).body.length;
    fake.script({ status: 500 });
    const res = await s.api('POST', '/api/ai/explain', { cookie, body: { concept: 'Mind Mapping' } });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: 'Failed to generate explanation. Please try again later.' });
    expect((await s.api('GET', '/api/ai/explanations', { cookie })).body).toHaveLength(before);

    fake.script({ content: 'no json here' });
    const tags = await s.api('POST', '/api/notes/suggest-tags', { cookie, body: { content: 'Some note.' } });
    expect(tags.status).toBe(502);
    expect(tags.body).toEqual({ message: 'An error occurred while suggesting tags.' });
  });

  it('creates no post when the model fails to draft one', async () => {
    const note = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'N', content: 'Body text.', tags: [] },
    });
    const before = (await s.api('GET', '/api/admin/blog', { cookie })).body.length;
    fake.script({ content: '{"title": ""}' });
    const res = await s.api('POST', '/api/ai/generate-blog', { cookie, body: { noteId: note.body.id } });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      'There was an error generating a blog post from your note. Please try again.',
    );
    expect((await s.api('GET', '/api/admin/blog', { cookie })).body).toHaveLength(before);
  });
});
