// The OpenAI-compatible provider (OpenAI, Ollama, llama.cpp server, vLLM, LM Studio) through the `openai`
// client: JSON asked for, parsed forgivingly, validated with zod, one retry on a malformed answer, a hard
// timeout, and every failure turned into an AiError with the call's section 8 message.
import { type Flashcard, TAG_MAX } from '@private-notes/shared';
import {
  type AiOperation,
  type BlogDraft,
  findConceptMentions,
  ModelBlogAnswerSchema,
  ModelExplanationAnswerSchema,
  ModelFlashcardsAnswerSchema,
  ModelInsightsAnswerSchema,
  ModelTagsAnswerSchema,
  stableId,
} from '@private-notes/shared/ai';
import { readingTime } from '@private-notes/shared/rules/reading-time';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import { AiError } from './ai-error.ts';
import type { AiProvider } from './ai-provider.ts';
import { normalizeBaseUrl } from './normalize-base-url.ts';
import { parseJsonAnswer } from './parse-json-answer.ts';
import { type Prompt, prompts } from './prompts.ts';

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_AI_TIMEOUT_MS = 30_000;

export interface OpenAiProviderOptions {
  apiKey: string | null;
  baseUrl: string | null;
  model: string | null;
  /** Per request; a retried call may take twice this. */
  timeoutMs?: number;
  /** Where failures are reported (the cause, never sent to the client). Defaults to console.warn. */
  log?: (message: string) => void;
}

class MalformedAnswer extends Error {}

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const model = options.model ?? DEFAULT_OPENAI_MODEL;
  const timeout = options.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS;
  const log = options.log ?? ((message: string) => console.warn(message));
  const client = new OpenAI({
    // Local servers need no key, but the client refuses to start without one.
    apiKey: options.apiKey ?? 'not-needed',
    baseURL: normalizeBaseUrl(options.baseUrl),
    timeout,
    // Retrying is ours to decide (once, on malformed JSON); the client's retries would multiply the wait.
    maxRetries: 0,
  });
  let jsonMode = true;

  async function complete(messages: ChatCompletionMessageParam[]): Promise<string> {
    const request = { model, messages, temperature: 0.3 };
    try {
      const answer = await client.chat.completions.create(
        jsonMode ? { ...request, response_format: { type: 'json_object' } } : request,
        // A second deadline in case a server trickles bytes forever and the client's timer never fires.
        { signal: AbortSignal.timeout(timeout + 1_000) },
      );
      return answer.choices[0]?.message?.content ?? '';
    } catch (error) {
      // Some OpenAI-compatible servers reject response_format; the prompt alone still asks for JSON.
      if (
        jsonMode &&
        error instanceof OpenAI.BadRequestError &&
        /response_format|json/i.test(error.message)
      ) {
        jsonMode = false;
        return complete(messages);
      }
      throw error;
    }
  }

  async function ask<S extends z.ZodType>(
    operation: AiOperation,
    prompt: Prompt,
    schema: S,
  ): Promise<z.output<S>> {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: prompt.system },
      { role: 'user', content: prompt.user || 'Answer now.' },
    ];
    try {
      for (let attempt = 1; ; attempt++) {
        const text = await complete(messages);
        const parsed = schema.safeParse(parseJsonAnswer(text));
        if (parsed.success) return parsed.data;
        if (attempt >= 2) throw new MalformedAnswer(`malformed answer twice: ${text.slice(0, 200)}`);
        messages.push(
          { role: 'assistant', content: text },
          {
            role: 'user',
            content: `That was not valid JSON of the required shape. Reply with only this JSON: ${prompt.shape}`,
          },
        );
      }
    } catch (cause) {
      log(`AI ${operation} failed (${model}): ${describe(cause)}`);
      throw new AiError(operation, { cause });
    }
  }

  return {
    kind: 'openai',
    model,
    async suggestTags(content, existingTags) {
      const { tags } = await ask(
        'suggestTags',
        prompts.suggestTags(content, existingTags),
        ModelTagsAnswerSchema,
      );
      return cleanTags(tags, existingTags);
    },
    async extractInsights(content) {
      const { insights } = await ask(
        'extractInsights',
        prompts.extractInsights(content),
        ModelInsightsAnswerSchema,
      );
      return cleanList(insights, 5);
    },
    async keyInsights(content) {
      const { insights } = await ask('keyInsights', prompts.keyInsights(content), ModelInsightsAnswerSchema);
      return cleanList(insights, 7);
    },
    async generateFlashcards(content, noteId) {
      const { flashcards } = await ask(
        'generateFlashcards',
        prompts.generateFlashcards(content),
        ModelFlashcardsAnswerSchema,
      );
      const seen = new Set<string>();
      const cards: Flashcard[] = [];
      for (const { question, answer } of flashcards.slice(0, 20)) {
        if (seen.has(question.toLowerCase())) continue;
        seen.add(question.toLowerCase());
        cards.push({ id: stableId('fc', noteId, question), question, answer, noteId });
      }
      return cards;
    },
    async generateBlog(note): Promise<BlogDraft> {
      const tags = note.tags ?? [];
      const answer = await ask(
        'generateBlog',
        prompts.generateBlog(note.title, note.content, tags),
        ModelBlogAnswerSchema,
      );
      return {
        title: answer.title,
        excerpt: answer.excerpt,
        content: answer.content,
        tags: cleanTags([...tags, ...answer.tags], tags),
        readTime: readingTime(answer.content),
        sourceNoteId: note.id ?? null,
      };
    },
    async explain(concept, notes) {
      const mentions = findConceptMentions(concept, notes);
      const { explanation } = await ask(
        'explain',
        prompts.explain(concept, mentions),
        ModelExplanationAnswerSchema,
      );
      return explanation;
    },
  };
}

function cleanList(items: string[], max: number): string[] {
  return [...new Set(items.map((s) => s.trim()).filter(Boolean))].slice(0, max);
}

/** Up to 5 tags; a model's "Machine Learning" becomes the owner's "machine-learning" when that tag exists. */
function cleanTags(tags: string[], existingTags: readonly string[]): string[] {
  const existing = new Map(
    existingTags.map((t) => [
      t
        .trim()
        .toLowerCase()
        .replace(/[\s_]+/g, '-'),
      t.trim(),
    ]),
  );
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of tags) {
    const key = raw
      .trim()
      .toLowerCase()
      .replace(/^#/, '')
      .replace(/[\s_]+/g, '-');
    if (!key || key.length > TAG_MAX || seen.has(key)) continue;
    seen.add(key);
    out.push(existing.get(key) ?? key);
    if (out.length >= 5) break;
  }
  return out;
}

function describe(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'timed out';
  if (error instanceof OpenAI.APIError)
    return `${error.status ?? 'no status'} ${error.message}`.slice(0, 300);
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  return String(error).slice(0, 300);
}
