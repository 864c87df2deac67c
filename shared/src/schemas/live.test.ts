// The live channel's events as a device reads them: a newer server's feed or writer never costs the event.
import { describe, expect, it } from 'vitest';
import { LIVE_FEEDS, LiveEventSchema } from './live.ts';

describe('LiveEventSchema', () => {
  it('reads the feeds and the writer it knows', () => {
    expect(LiveEventSchema.parse({ seq: 4, feeds: ['notes', 'posts'], own: 'notes-push' })).toEqual({
      seq: 4,
      feeds: ['notes', 'posts'],
      own: 'notes-push',
    });
  });

  it('leaves out a feed it does not know and keeps the rest of the event', () => {
    const hello = LiveEventSchema.parse({ seq: 9, feeds: [...LIVE_FEEDS, 'calendar'] });
    expect(hello.feeds).toEqual([...LIVE_FEEDS]);
    expect(LiveEventSchema.parse({ seq: 10, feeds: ['calendar'] }).feeds).toEqual([]);
  });

  it('treats a writer it does not know as someone else (the device pulls)', () => {
    expect(LiveEventSchema.parse({ seq: 5, feeds: ['notes'], own: 'imports' }).own).toBeUndefined();
  });

  it('still refuses what is not an event', () => {
    expect(() => LiveEventSchema.parse({ seq: -1, feeds: [] })).toThrow();
    expect(() => LiveEventSchema.parse({ seq: 1, feeds: 'notes' })).toThrow();
  });
});
