import { AI_ERRORS } from '@private-notes/shared/ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../test/fake-openai-server.ts';
import { AiError } from './ai-error.ts';
import type { AiProvider } from './ai-provider.ts';
import { createOpenAiProvider } from './openai-provider.ts';

let fake: FakeOpenAiServer;
let provider: AiProvider;
const logs: string[] = [];

function make(options: { baseUrl?: string; timeoutMs?: number } = {}): AiProvider {
  return createOpenAiProvider({
    apiKey: 'sk-test',
    baseUrl: options.baseUrl ?? `${fake.url}/v1`,
    model: 'fake-model',
    timeoutMs: options.timeoutMs ?? 5_000,
    log: (m) => logs.push(m),
  });
}

async function failure(promise: Promise<unknown>): Promise<AiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  logs.length = 0;
  provider = make();
});

describe('OpenAI-compatible provider through the openai client', () => {
  it('asks for JSON with the shape in the prompt and returns the validated, cleaned answer', async () => {
    fake.script({ content: '{"tags": ["Machine Learning", "#python", "python", "Data"]}' });
    expect(await provider.suggestTags('Notes on pandas and scikit-learn.', ['machine-learning'])).toEqual([
      'machine-learning',
      'python',
      'data',
    ]);
    expect(fake.requests).toHaveLength(1);
    const { body, headers } = fake.requests[0]!;
    expect(body.model).toBe('fake-model');
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0]!.content).toContain('{"tags": ["tag", "..."]}');
    expect(body.messages[1]!.content).toContain('Notes on pandas and scikit-learn.');
    expect(headers.authorization).toBe('Bearer sk-test');
    expect(provider).toMatchObject({ kind: 'openai', model: 'fake-model' });
  });

  it('reads JSON inside code fences and JSON with prose around it', async () => {
    fake.script(
      { content: 'Sure! Here you go:\n```json\n{"insights": ["Reviews spaced out beat cramming."]}\n```' },
      { content: 'The key points are {"insights": ["One.", "Two.",]} — hope that helps.' },
    );
    expect(await provider.extractInsights('note')).toEqual(['Reviews spaced out beat cramming.']);
    expect(await provider.keyInsights('note')).toEqual(['One.', 'Two.']);
    expect(fake.requests).toHaveLength(2);
  });

  it('retries once on malformed JSON, telling the model the shape again', async () => {
    fake.script({ content: 'Tags: learning, memory' }, { content: '{"tags": ["learning"]}' });
    expect(await provider.suggestTags('note', [])).toEqual(['learning']);
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]!.body.messages;
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: 'Tags: learning, memory' });
    expect(retry.at(-1)!.content).toContain('{"tags": ["tag", "..."]}');
  });

  it('gives the call’s message after two malformed answers, and stops there', async () => {
    fake.script({ content: '{"tags": "not a list"' });
    const error = await failure(provider.suggestTags('note', []));
    expect(error.message).toBe(AI_ERRORS.suggestTags.description);
    expect(fake.requests).toHaveLength(2);
    expect(logs[0]).toContain('malformed answer twice');
  });

  it('rejects well-formed JSON of the wrong shape the same way', async () => {
    fake.script({ content: '{"cards": [{"q": "?", "a": "!"}]}' });
    const error = await failure(provider.generateFlashcards('note', 3));
    expect(error.message).toBe('Failed to generate flashcards. Please try again.');
    expect(fake.requests).toHaveLength(2);
  });

  it('maps a 500 to the section 8 message without retrying', async () => {
    fake.script({ status: 500, errorMessage: 'model crashed' });
    const error = await failure(provider.explain('Mind Mapping', []));
    expect(error.message).toBe('Failed to generate explanation. Please try again later.');
    expect(error.message).not.toContain('model crashed');
    expect(fake.requests).toHaveLength(1);
    expect(logs[0]).toContain('500');
  });

  it('times out instead of hanging', async () => {
    fake.script({ delayMs: 3_000, content: '{"insights": []}' });
    const started = Date.now();
    const error = await failure(make({ timeoutMs: 300 }).keyInsights('note'));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.message).toBe('Failed to extract key points. Please try again.');
    expect(logs[0]).toContain('timed out');
  });

  it('fails cleanly when nothing listens at the address', async () => {
    const closed = await startFakeOpenAiServer();
    await closed.close();
    const error = await failure(
      make({ baseUrl: closed.url }).generateBlog({ id: 1, title: 'T', content: 'c' }),
    );
    expect(error.message).toBe(AI_ERRORS.generateBlog.description);
  });

  it.each([
    ['without /v1', ''],
    ['with /v1', '/v1'],
    ['with /v1/', '/v1/'],
    ['without /v1 but with a trailing slash', '/'],
  ])('accepts the base URL %s', async (_, suffix) => {
    fake.script({ content: '{"explanation": "A concept."}' });
    expect(await make({ baseUrl: `${fake.url}${suffix}` }).explain('x', [])).toBe('A concept.');
    expect(fake.requests[0]!.path).toBe('/v1/chat/completions');
  });

  it('drops response_format for a server that refuses it, and keeps asking for JSON in the prompt', async () => {
    fake.script(
      { status: 400, errorMessage: 'Unrecognized request argument supplied: response_format' },
      { content: '{"insights": ["Point."]}' },
    );
    expect(await provider.keyInsights('note')).toEqual(['Point.']);
    expect(fake.requests[0]!.body.response_format).toBeDefined();
    expect(fake.requests[1]!.body.response_format).toBeUndefined();
  });

  it('gives flashcards stable ids and the note id', async () => {
    const answer = { content: '{"flashcards": [{"question": "What is FSRS?", "answer": "A scheduler."}]}' };
    fake.script(answer, answer);
    const first = await provider.generateFlashcards('note', 9);
    const second = await provider.generateFlashcards('note', 9);
    expect(first).toEqual([
      { id: expect.stringMatching(/^fc-/), question: 'What is FSRS?', answer: 'A scheduler.', noteId: 9 },
    ]);
    expect(second[0]!.id).toBe(first[0]!.id);
  });

  it('completes a blog draft with read time, tags and the source note', async () => {
    const content = `Intro.\n\n## Part\n\n${'word '.repeat(450).trim()}`;
    fake.script({
      content: JSON.stringify({ title: 'A post', excerpt: 'Short.', content, tags: ['Study Tips'] }),
    });
    expect(await provider.generateBlog({ id: 4, title: 'Note', content: 'x', tags: ['learning'] })).toEqual({
      title: 'A post',
      excerpt: 'Short.',
      content,
      tags: ['learning', 'study-tips'],
      readTime: 3,
      sourceNoteId: 4,
    });
  });

  it('gives the model what the owner’s notes say about the concept', async () => {
    fake.script({ content: '{"explanation": "Spacing reviews out helps memory."}' });
    const notes = [
      { id: 1, title: 'Memory', content: 'Spaced repetition schedules reviews at growing intervals.' },
      { id: 2, title: 'Bread', content: 'Flour, water, salt.' },
    ];
    await provider.explain('spaced repetition', notes);
    const prompt = fake.requests[0]!.body.messages[1]!.content;
    expect(prompt).toContain('Concept: spaced repetition');
    expect(prompt).toContain('From "Memory":\n- Spaced repetition schedules reviews at growing intervals.');
    expect(prompt).not.toContain('Flour');
  });
});
