// OpenAI-compatible servers are configured with or without the API version in the path ("http://host:11434"
// or "http://host:11434/v1"); the client needs it, so "/v1" is added unless a version segment is there.

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export function normalizeBaseUrl(baseUrl: string | null): string {
  if (!baseUrl) return OPENAI_DEFAULT_BASE_URL;
  const url = new URL(baseUrl.trim());
  const path = url.pathname.replace(/\/+$/, '');
  // "/v1", "/api/v1", "/v1beta/openai": a version segment anywhere means the path is already complete.
  url.pathname = /(^|\/)v\d+[a-z0-9]*(\/|$)/i.test(path) ? path : `${path}/v1`;
  return url.toString().replace(/\/+$/, '');
}
