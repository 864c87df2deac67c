// The AI calls of SPEC section 7: the note helpers under /api/notes/* and the assistant under /api/ai/*.
// Owner only. Mounted before the notes router so "/api/notes/suggest-tags" is never read as a note id.
import {
  ContentRequestSchema,
  ExplainRequestSchema,
  FlashcardsRequestSchema,
  formatZodError,
  GenerateBlogRequestSchema,
  isLockedNoteText,
} from '@private-notes/shared';
import { INVALID_CONCEPT } from '@private-notes/shared/ai';
import { type Request, type Response, Router } from 'express';
import { AiError } from '../ai/ai-error.ts';
import { AiBusyError } from '../ai/limit-ai-provider.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/http-error.ts';
import { createRateLimit } from '../http/rate-limit.ts';
import { parseBody } from '../http/validate.ts';
import { refuseLockedText } from '../vault/locked-note-rules.ts';

/** The routes that call the provider (and so, when one is configured, the model). */
export const MODEL_CALL_PATHS = [
  '/api/notes/suggest-tags',
  '/api/notes/extract-insights',
  '/api/notes/key-insights',
  '/api/notes/generate-flashcards',
  '/api/ai/generate-blog',
  '/api/ai/explain',
];

export function aiRateLimitMessage(perMinute: number): string {
  return `Too many AI requests: this session may make ${perMinute} a minute. Wait a minute and try again.`;
}

/**
 * A provider failure is the upstream's fault: 502 with the call's section 8 message, never a stack. A call
 * refused because the model is at its concurrency cap is 429, with its own message.
 */
async function viaProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AiBusyError) throw new HttpError(429, error.message);
    if (error instanceof AiError) throw new HttpError(502, error.message);
    throw error;
  }
}

export function createAiRouter(deps: Deps): Router {
  const { auth, services } = deps;
  const { ai: provider, blog, explanations } = services;
  const router = Router();
  const userId = (req: Request) => auth.getUser(req)!.id;

  const notePaths = ['suggest-tags', 'extract-insights', 'generate-flashcards', 'key-insights'];
  router.use(['/api/ai', ...notePaths.map((p) => `/api/notes/${p}`)], auth.requireUser);
  if (provider.kind !== 'local') {
    // Per session (a signed-in device), so one runaway tab cannot use up the model for the owner's others.
    const { perSessionPerMinute } = deps.config.aiLimits;
    const perSession = createRateLimit({
      windowMs: 60_000,
      limit: perSessionPerMinute,
      message: aiRateLimitMessage(perSessionPerMinute),
      key: (req) => `session:${auth.getSession(req)?.id}`,
    });
    router.post(MODEL_CALL_PATHS, perSession);
  }

  router.get('/api/ai/status', (_req, res) => {
    res.json({ provider: provider.kind, model: provider.model });
  });

  router.post('/api/notes/suggest-tags', async (req, res) => {
    const { content, existingTags } = parseBody(ContentRequestSchema, req);
    refuseLockedText(content);
    if (!content.trim()) return void res.json({ tags: [] });
    // Without a list from the client, the owner's tags across all notes are the vocabulary to prefer.
    const vocabulary = existingTags ?? [...new Set(services.notes.list(userId(req)).flatMap((n) => n.tags))];
    res.json({ tags: await viaProvider(() => provider.suggestTags(content, vocabulary)) });
  });

  router.post('/api/notes/extract-insights', async (req, res) => {
    const { content } = parseBody(ContentRequestSchema, req);
    refuseLockedText(content);
    if (!content.trim()) return void res.json({ insights: [] });
    res.json({ insights: await viaProvider(() => provider.extractInsights(content)) });
  });

  router.post('/api/notes/key-insights', async (req, res) => {
    const { content } = parseBody(ContentRequestSchema, req);
    refuseLockedText(content);
    if (!content.trim()) return void res.json({ insights: [] });
    res.json({ insights: await viaProvider(() => provider.keyInsights(content)) });
  });

  router.post('/api/notes/generate-flashcards', async (req, res) => {
    const { content, noteId } = parseBody(FlashcardsRequestSchema, req);
    refuseLockedText(content);
    if (!content.trim()) return void res.json({ flashcards: [] });
    res.json({
      flashcards: await viaProvider(() => provider.generateFlashcards(content, noteId ?? 'unsaved')),
    });
  });

  router.post('/api/ai/generate-blog', async (req, res) => {
    const { noteId } = parseBody(GenerateBlogRequestSchema, req);
    const owner = userId(req);
    const note = services.notes.get(owner, noteId); // 404 'Note not found'
    // A locked note's text is only on the owner's devices: the app sends a plain copy when the owner agrees.
    refuseLockedText(note.content);
    const draft = await viaProvider(() => provider.generateBlog(note));
    const post = await blog.createPostFromNote(
      {
        noteId: note.id,
        title: draft.title,
        excerpt: draft.excerpt,
        content: draft.content,
        // The note's own tags: a draft never gains topics the owner did not give the note.
        tags: note.tags,
      },
      owner,
    );
    res.status(201).json({ id: post.id });
  });

  router.post('/api/ai/explain', async (req: Request, res: Response) => {
    const parsed = ExplainRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const tooLong = parsed.error.issues.some((i) => i.code === 'too_big');
      throw new HttpError(400, tooLong ? formatZodError(parsed.error) : INVALID_CONCEPT);
    }
    const { concept } = parsed.data;
    const owner = userId(req);
    // Locked notes are never context: the server cannot read them, and their ciphertext would only mislead.
    const notes = services.notes.list(owner).filter((note) => !isLockedNoteText(note.content));
    const explanation = await viaProvider(() => provider.explain(concept, notes));
    res.status(201).json(await explanations.add(owner, concept, explanation));
  });

  router.get('/api/ai/explanations', (req, res) => {
    res.json(explanations.list(userId(req)));
  });

  return router;
}
