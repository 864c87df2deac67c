import { expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './parse-sse.ts';

function parseAll(chunks: string[]) {
  const messages: SseMessage[] = [];
  let comments = 0;
  const feed = createSseParser({ onMessage: (m) => messages.push(m), onComment: () => comments++ });
  for (const chunk of chunks) feed(chunk);
  return { messages, comments };
}

it('reads events split anywhere, with their ids, and counts heartbeat comments', () => {
  const wire =
    'retry: 2000\nid: 7\nevent: hello\ndata: {"seq":7,"feeds":[]}\n\n:\n\nid: 9\nevent: feeds\ndata: {"seq":9}\n\n';
  const whole = parseAll([wire]);
  expect(whole.messages).toEqual([
    { event: 'hello', id: '7', data: '{"seq":7,"feeds":[]}' },
    { event: 'feeds', id: '9', data: '{"seq":9}' },
  ]);
  expect(whole.comments).toBe(1);
  const split = parseAll(wire.split(''));
  expect(split).toEqual(whole);
});

it('accepts CRLF and CR line ends, joins data lines and ignores an event without data', () => {
  const { messages } = parseAll([
    'event: a\r\ndata: one\r\ndata: two\r\n\r',
    '\nevent: empty\r\n\r\ndata:x\r\r\n',
  ]);
  expect(messages).toEqual([
    { event: 'a', id: null, data: 'one\ntwo' },
    { event: 'message', id: null, data: 'x' },
  ]);
});
