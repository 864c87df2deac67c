// Limits on model calls, against a fake OpenAI-compatible model on loopback: a per-session rate limit and a
// cap on calls running at once, both answering 429 with a message; the local algorithms are not limited.
import { afterEach, describe, expect, it } from 'vitest';
import { AiBusyError } from '../src/ai/limit-ai-provider.ts';
import {
  type AiLimits,
  DEFAULT_AI_MAX_CONCURRENT,
  DEFAULT_AI_REQUESTS_PER_MINUTE,
  loadConfig,
} from '../src/config.ts';
import { aiRateLimitMessage } from '../src/routes/ai.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fake-openai-server.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer | undefined;
let fake: FakeOpenAiServer | undefined;
afterEach(async () => {
  await s?.close();
  await fake?.close();
  s = undefined;
  fake = undefined;
});

async function withModel(aiLimits: AiLimits): Promise<TestServer> {
  fake = await startFakeOpenAiServer();
  fake.script({ content: '{"tags": ["physics"]}' });
  s = await startTestServer({ openai: { apiKey: null, baseUrl: fake.url, model: 'fake-model' }, aiLimits });
  return s;
}

const suggest = (server: TestServer, cookie: string, signal?: AbortSignal) =>
  fetch(`${server.url}/api/notes/suggest-tags`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ content: 'Entropy and heat engines.', existingTags: [] }),
    signal,
  });

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('per-session rate limit', () => {
  it('answers 429 with a message past the limit, without calling the model, per session', async () => {
    const server = await withModel({ perSessionPerMinute: 3, maxConcurrent: 10 });
    const first = await server.login();
    for (let i = 0; i < 3; i++) expect((await suggest(server, first)).status).toBe(200);
    const refused = await suggest(server, first);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: aiRateLimitMessage(3) });
    expect(fake!.requests).toHaveLength(3);
    // Every model route shares the session's budget; reading the status is not a model call.
    const explain = await server.api('POST', '/api/ai/explain', {
      cookie: first,
      body: { concept: 'entropy' },
    });
    expect(explain.status).toBe(429);
    expect((await server.api('GET', '/api/ai/status', { cookie: first })).status).toBe(200);

    // Another signed-in device has its own budget.
    const second = await server.login();
    expect((await suggest(server, second)).status).toBe(200);
    expect(fake!.requests).toHaveLength(4);
  });
});

describe('concurrency cap', () => {
  it('refuses a call beyond the cap with 429 while the model is busy, and frees the slot when it answers', async () => {
    const server = await withModel({ perSessionPerMinute: 100, maxConcurrent: 2 });
    const cookie = await server.login();
    fake!.script({ content: '{"tags": ["slow"]}', delayMs: 700 });
    const slow = [suggest(server, cookie), suggest(server, cookie)];
    await until(() => fake!.requests.length === 2);
    const refused = await suggest(server, cookie);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: new AiBusyError(2).message });
    expect(fake!.requests).toHaveLength(2);
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual([200, 200]);

    fake!.script({ content: '{"tags": ["fast"]}' });
    const after = await suggest(server, cookie);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ tags: ['fast'] });
  });

  it('keeps the slot while the model works even if the client hangs up', async () => {
    const server = await withModel({ perSessionPerMinute: 100, maxConcurrent: 1 });
    const cookie = await server.login();
    fake!.script({ content: '{"tags": ["slow"]}', delayMs: 800 });
    const abort = new AbortController();
    const gone = suggest(server, cookie, abort.signal).catch(() => 'aborted');
    await until(() => fake!.requests.length === 1);
    abort.abort();
    expect(await gone).toBe('aborted');
    expect((await suggest(server, cookie)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    fake!.script({ content: '{"tags": ["fast"]}' });
    expect((await suggest(server, cookie)).status).toBe(200);
  });
});

describe('configuration', () => {
  it('reads AI_REQUESTS_PER_MINUTE and AI_MAX_CONCURRENT, with defaults, and refuses nonsense', () => {
    expect(loadConfig({}).aiLimits).toEqual({
      perSessionPerMinute: DEFAULT_AI_REQUESTS_PER_MINUTE,
      maxConcurrent: DEFAULT_AI_MAX_CONCURRENT,
    });
    expect(loadConfig({ AI_REQUESTS_PER_MINUTE: '5', AI_MAX_CONCURRENT: '1' }).aiLimits).toEqual({
      perSessionPerMinute: 5,
      maxConcurrent: 1,
    });
    expect(() => loadConfig({ AI_MAX_CONCURRENT: '0' })).toThrow(
      'AI_MAX_CONCURRENT must be a whole number of at least 1, got "0"',
    );
    expect(() => loadConfig({ AI_REQUESTS_PER_MINUTE: 'lots' })).toThrow(/AI_REQUESTS_PER_MINUTE/);
  });

  it('does not limit the local algorithms (no model configured)', async () => {
    s = await startTestServer({ aiLimits: { perSessionPerMinute: 1, maxConcurrent: 1 } });
    const cookie = await s.login();
    const answers = await Promise.all(Array.from({ length: 4 }, () => suggest(s!, cookie)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });
});
