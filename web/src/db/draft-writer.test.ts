// The draft writer batches keystrokes into few writes, never later than DRAFT_MAX_WAIT_MS, and writes at once
// on flush.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraftWriter, DRAFT_IDLE_MS, DRAFT_MAX_WAIT_MS } from './draft-writer.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createDraftWriter', () => {
  it('writes once after a pause in typing, with the latest text', async () => {
    const written: string[] = [];
    const writer = createDraftWriter<string>(async (value) => void written.push(value));
    writer.update('a');
    writer.update('ab');
    writer.update('abc');
    await vi.advanceTimersByTimeAsync(DRAFT_IDLE_MS - 1);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual(['abc']);
    expect(writer.pending).toBe(false);
  });

  it('steady typing is still written every DRAFT_MAX_WAIT_MS', async () => {
    const written: Array<{ value: string; at: number }> = [];
    const start = Date.now();
    const writer = createDraftWriter<string>(
      async (value) => void written.push({ value, at: Date.now() - start }),
    );
    let text = '';
    // A keystroke every 100 ms for 3 s: the pause never comes.
    for (let i = 0; i < 30; i++) {
      text += 'x';
      writer.update(text);
      await vi.advanceTimersByTimeAsync(100);
    }
    // About one write per DRAFT_MAX_WAIT_MS of typing, never one per keystroke, never a gap longer than it.
    const expected = 3000 / DRAFT_MAX_WAIT_MS;
    expect(written.length).toBeGreaterThanOrEqual(Math.floor(expected) - 1);
    expect(written.length).toBeLessThanOrEqual(Math.ceil(expected));
    expect(written.length).toBeLessThan(30 / 2);
    for (const [i, { at }] of written.entries()) {
      expect(at - (written[i - 1]?.at ?? 0)).toBeLessThanOrEqual(DRAFT_MAX_WAIT_MS + 100);
    }
    await vi.advanceTimersByTimeAsync(DRAFT_IDLE_MS);
    expect(written.at(-1)?.value).toBe(text);
  });

  it('flush writes the pending text at once and resolves when it is stored; cancel drops it', async () => {
    const written: string[] = [];
    let release: () => void = () => {};
    const writer = createDraftWriter<string>(
      (value) =>
        new Promise<void>((resolve) => {
          release = () => {
            written.push(value);
            resolve();
          };
        }),
    );
    writer.update('kept');
    let stored = false;
    const flushed = writer.flush().then(() => (stored = true));
    await Promise.resolve();
    expect(stored).toBe(false);
    release();
    await flushed;
    expect(written).toEqual(['kept']);

    writer.update('dropped');
    writer.cancel();
    await vi.advanceTimersByTimeAsync(DRAFT_MAX_WAIT_MS * 2);
    expect(written).toEqual(['kept']);
  });

  it('a failed write is reported and does not block the next one', async () => {
    const errors: unknown[] = [];
    const written: string[] = [];
    let fail = true;
    const writer = createDraftWriter<string>(
      async (value) => {
        if (fail) throw new Error('quota');
        written.push(value);
      },
      { onError: (error) => errors.push(error) },
    );
    writer.update('first');
    await writer.flush();
    fail = false;
    writer.update('second');
    await writer.flush();
    expect(errors).toHaveLength(1);
    expect(written).toEqual(['second']);
  });
});
