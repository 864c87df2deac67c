// A cap on how many model calls run at once, across every session: a call beyond it is refused at once with
// AiBusyError (429), rather than queued behind a model that is already saturated. The slot is held until the
// model call itself settles, so a client that hangs up cannot free it early and start another.
import type { AiProvider } from './ai-provider.ts';

export class AiBusyError extends Error {
  constructor(maxConcurrent: number) {
    super(
      `The AI model is already answering ${maxConcurrent} ${maxConcurrent === 1 ? 'request' : 'requests'}. ` +
        'Try again in a moment.',
    );
    this.name = 'AiBusyError';
  }
}

type Calls = Omit<AiProvider, 'kind' | 'model'>;

export function limitAiConcurrency(provider: AiProvider, maxConcurrent: number): AiProvider {
  let running = 0;
  function limited<A extends unknown[], R>(call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return async (...args) => {
      if (running >= maxConcurrent) throw new AiBusyError(maxConcurrent);
      running++;
      try {
        return await call(...args);
      } finally {
        running--;
      }
    };
  }
  const calls: Calls = {
    suggestTags: limited(provider.suggestTags.bind(provider)),
    extractInsights: limited(provider.extractInsights.bind(provider)),
    keyInsights: limited(provider.keyInsights.bind(provider)),
    generateFlashcards: limited(provider.generateFlashcards.bind(provider)),
    generateBlog: limited(provider.generateBlog.bind(provider)),
    explain: limited(provider.explain.bind(provider)),
  };
  return { kind: provider.kind, model: provider.model, ...calls };
}
