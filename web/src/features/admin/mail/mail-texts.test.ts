import { describe, expect, it } from 'vitest';
import { capturedBannerText, subscribersText } from './mail-texts.ts';

describe('capturedBannerText', () => {
  it('names the count waiting in the Outbox, singular for one', () => {
    expect(capturedBannerText(0)).toBe('0 messages are waiting in the Outbox.');
    expect(capturedBannerText(1)).toBe('1 message is waiting in the Outbox.');
    expect(capturedBannerText(12)).toBe('12 messages are waiting in the Outbox.');
  });
});

describe('subscribersText', () => {
  it('counts subscribers with thousands separators', () => {
    expect(subscribersText(1)).toBe('1 subscriber');
    expect(subscribersText(0)).toBe('0 subscribers');
    expect(subscribersText(10_000)).toBe('10,000 subscribers');
  });
});
