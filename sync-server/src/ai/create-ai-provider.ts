// Chooses the AI provider once, at start, from the configuration: an OpenAI-compatible model when a key or
// a base URL is set, otherwise the local algorithms.
import type { OpenAiConfig } from '../config.ts';
import type { AiProvider } from './ai-provider.ts';
import { createLocalProvider } from './local-provider.ts';
import { normalizeBaseUrl } from './normalize-base-url.ts';
import { createOpenAiProvider } from './openai-provider.ts';

export function createAiProvider(config: OpenAiConfig, options: { timeoutMs?: number } = {}): AiProvider {
  if (!config.apiKey && !config.baseUrl) return createLocalProvider();
  return createOpenAiProvider({ ...config, ...options });
}

/** One line for the start-up log: which provider answers, and where. Never prints the key. */
export function describeAiProvider(provider: AiProvider, config: OpenAiConfig): string {
  if (provider.kind === 'local') {
    return 'AI provider: local algorithms (no model configured; set OPENAI_BASE_URL or OPENAI_API_KEY to use one)';
  }
  return `AI provider: OpenAI-compatible, model ${provider.model} at ${normalizeBaseUrl(config.baseUrl)}`;
}
