import { ApiError } from '@private-notes/shared';
import { AI_ERRORS } from '@private-notes/shared/ai';
import { describe, expect, it } from 'vitest';
import { aiErrorToast } from './ai-error-toast.ts';

describe('aiErrorToast', () => {
  it("shows the server's message when a limit refused the call (429)", () => {
    const limit = 'Too many AI requests: this session may make 20 a minute. Wait a minute and try again.';
    const error = new ApiError(429, `429: ${limit}`, { message: limit });
    expect(aiErrorToast('suggestTags', error)).toEqual({
      title: AI_ERRORS.suggestTags.title,
      description: limit,
      variant: 'destructive',
    });
  });

  it("keeps the spec's text for every other failure", () => {
    for (const error of [
      new ApiError(502, '502: upstream'),
      new ApiError(429, '429: Too Many Requests'),
      new Error('x'),
    ]) {
      expect(aiErrorToast('explain', error)).toEqual({ ...AI_ERRORS.explain, variant: 'destructive' });
    }
  });
});
