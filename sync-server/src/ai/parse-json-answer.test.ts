import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl } from './normalize-base-url.ts';
import { parseJsonAnswer } from './parse-json-answer.ts';

describe('parseJsonAnswer', () => {
  it.each([
    ['plain', '{"a": 1}'],
    ['fenced', '```json\n{"a": 1}\n```'],
    ['fenced without language', '```\n{"a": 1}\n```'],
    ['prose around', 'Here it is: {"a": 1}. Anything else?'],
    ['trailing comma', '{"a": 1,}'],
  ])('reads %s JSON', (_, text) => {
    expect(parseJsonAnswer(text)).toEqual({ a: 1 });
  });

  it.each([
    ['no JSON', 'just words'],
    ['an array', '[1, 2]'],
    ['broken', '{"a": '],
    ['empty', ''],
  ])('gives undefined for %s', (_, text) => {
    expect(parseJsonAnswer(text)).toBeUndefined();
  });
});

describe('normalizeBaseUrl', () => {
  it.each([
    [null, 'https://api.openai.com/v1'],
    ['http://127.0.0.1:11434', 'http://127.0.0.1:11434/v1'],
    ['http://127.0.0.1:11434/', 'http://127.0.0.1:11434/v1'],
    ['http://127.0.0.1:11434/v1', 'http://127.0.0.1:11434/v1'],
    ['http://127.0.0.1:11434/v1/', 'http://127.0.0.1:11434/v1'],
    ['https://openrouter.ai/api/v1', 'https://openrouter.ai/api/v1'],
    ['https://api.groq.com/openai', 'https://api.groq.com/openai/v1'],
    [
      'https://generativelanguage.googleapis.com/v1beta/openai/',
      'https://generativelanguage.googleapis.com/v1beta/openai',
    ],
  ])('%s → %s', (input, expected) => {
    expect(normalizeBaseUrl(input)).toBe(expected);
  });
});
