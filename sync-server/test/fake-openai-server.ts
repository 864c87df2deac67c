// Test support: a small OpenAI-compatible HTTP server on loopback (POST /v1/chat/completions) that answers
// from a script, so the real `openai` client is exercised end to end: good, fenced, malformed, 500, slow.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  /** The assistant message content. */
  content?: string;
  /** HTTP status; non-2xx answers an OpenAI-style error body. */
  status?: number;
  errorMessage?: string;
  /** Wait this long before answering (for timeouts). */
  delayMs?: number;
}

export interface ChatRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string };
    [key: string]: unknown;
  };
}

export interface FakeOpenAiServer {
  /** http://127.0.0.1:PORT (no /v1). */
  url: string;
  requests: ChatRequest[];
  /** Replies used in order; the last one repeats when the script runs out. */
  script(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: ChatRequest[] = [];
  let replies: ScriptedReply[] = [{ content: '{}' }];
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: `no route ${req.method} ${req.url}`, type: 'invalid_request_error' },
          }),
        );
        return;
      }
      const body = JSON.parse(raw) as ChatRequest['body'];
      requests.push({ path: req.url, headers: req.headers, body });
      const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
      const send = () => {
        if (res.destroyed) return;
        const status = reply.status ?? 200;
        res.writeHead(status, { 'content-type': 'application/json' });
        if (status >= 300) {
          res.end(
            JSON.stringify({
              error: { message: reply.errorMessage ?? 'upstream exploded', type: 'server_error' },
            }),
          );
          return;
        }
        res.end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: reply.content ?? '' },
                finish_reason: 'stop',
              },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      };
      if (reply.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, reply.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...next) => {
      replies = next;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
