import { describe, expect, it } from 'vitest';
import { apiErrorText, errorMessage, requestFailedText } from './api-error-text.ts';

describe('apiErrorText', () => {
  it('uses the JSON message field', () => {
    expect(apiErrorText(400, '{"message":"title: must not be empty"}', 'Bad Request')).toBe(
      '400: title: must not be empty',
    );
  });

  it('prefers message over error', () => {
    expect(apiErrorText(409, '{"error":"Conflict","message":"Note changed"}', 'Conflict')).toBe(
      '409: Note changed',
    );
  });

  it('falls back to the error field', () => {
    expect(apiErrorText(403, '{"error":"Forbidden here"}', 'Forbidden')).toBe('403: Forbidden here');
    expect(apiErrorText(500, '{"error":{"message":"nested"}}', '')).toBe('500: nested');
  });

  it('falls back to the raw text when the body is not JSON or has neither field', () => {
    expect(apiErrorText(502, 'Bad gateway from proxy', 'Bad Gateway')).toBe('502: Bad gateway from proxy');
    expect(apiErrorText(500, '{"detail":"x"}', 'Internal Server Error')).toBe('500: {"detail":"x"}');
    expect(apiErrorText(500, '{broken json', 'Internal Server Error')).toBe('500: {broken json');
  });

  it('falls back to the status text, then to Unknown error occurred', () => {
    expect(apiErrorText(404, '', 'Not Found')).toBe('404: Not Found');
    expect(apiErrorText(404, '   ', null)).toBe('404: Unknown error occurred');
    expect(apiErrorText(500)).toBe('500: Unknown error occurred');
  });

  it('ignores empty message fields', () => {
    expect(apiErrorText(400, '{"message":"","error":"Bad thing"}', 'Bad Request')).toBe('400: Bad thing');
  });

  it('uses a JSON string body as the message', () => {
    expect(apiErrorText(400, '"just a string"', 'Bad Request')).toBe('400: just a string');
  });

  it('falls back to Request failed when building the text throws', () => {
    const hostile = {
      trim() {
        throw new Error('unreadable');
      },
    } as unknown as string;
    expect(apiErrorText(503, hostile, 'Service Unavailable')).toBe('503: Request failed');
  });
});

describe('requestFailedText', () => {
  it('is {status}: Request failed', () => {
    expect(requestFailedText(500)).toBe('500: Request failed');
  });
});

describe('errorMessage', () => {
  it('is the message without the status', () => {
    expect(errorMessage('{"message":"Subscriber not found"}', 'Not Found')).toBe('Subscriber not found');
  });
});
