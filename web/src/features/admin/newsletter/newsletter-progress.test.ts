import type { NewsletterSend } from '@private-notes/shared';
import { describe, expect, it } from 'vitest';
import {
  canRetryUncertain,
  progressPercent,
  sendCountsText,
  sendStateLabel,
  shouldPoll,
} from './newsletter-progress.ts';

const base: NewsletterSend = {
  id: 1,
  postId: 7,
  state: 'sending',
  total: 100,
  sent: 40,
  failed: 2,
  skipped: 0,
  uncertain: 0,
  left: 58,
  pausedReason: null,
  startedAt: '2026-11-23T20:00:00.000Z',
  finishedAt: null,
};

describe('newsletter progress', () => {
  it('polls only while sending', () => {
    expect(shouldPoll(base)).toBe(true);
    expect(shouldPoll({ ...base, state: 'paused' })).toBe(false);
    expect(shouldPoll({ ...base, state: 'done' })).toBe(false);
    expect(shouldPoll(null)).toBe(false);
    expect(shouldPoll(undefined)).toBe(false);
  });

  it('counts every handled recipient toward the bar, and an empty send as complete', () => {
    expect(progressPercent(base)).toBe(42);
    expect(progressPercent({ ...base, left: 0 })).toBe(100);
    expect(progressPercent({ ...base, total: 0, sent: 0, failed: 0, left: 0 })).toBe(100);
    expect(progressPercent({ ...base, left: 150 })).toBe(0);
  });

  it('names the state, and a finished send with failures or uncertain recipients as such', () => {
    expect(sendStateLabel(base)).toBe('Sending…');
    expect(sendStateLabel({ ...base, state: 'paused' })).toBe('Paused');
    expect(sendStateLabel({ ...base, state: 'done', failed: 0, left: 0 })).toBe('Done');
    expect(sendStateLabel({ ...base, state: 'done', failed: 0, uncertain: 1 })).toBe(
      'Finished with problems',
    );
  });

  it('lists sent and left always, the other counts when not zero', () => {
    expect(sendCountsText(base)).toBe('40 of 100 sent · 2 failed · 58 left');
    expect(
      sendCountsText({
        ...base,
        total: 12_000,
        sent: 11_000,
        failed: 0,
        skipped: 3,
        uncertain: 4,
        left: 993,
      }),
    ).toBe('11,000 of 12,000 sent · 3 skipped · 4 uncertain · 993 left');
  });

  it('offers Retry uncertain only when some are uncertain and nothing is being sent', () => {
    expect(canRetryUncertain({ ...base, uncertain: 3 })).toBe(false);
    expect(canRetryUncertain({ ...base, state: 'done', uncertain: 3 })).toBe(true);
    expect(canRetryUncertain({ ...base, state: 'paused', uncertain: 3 })).toBe(true);
    expect(canRetryUncertain({ ...base, state: 'done' })).toBe(false);
  });
});
