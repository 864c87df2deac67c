// SingleFlight (pages/single-flight.ts): callers asking for a key whose work is under way share it; the
// work is aborted only when every caller has gone; a finished or abandoned key starts afresh.
import { describe, expect, it } from 'vitest';
import { SingleFlight } from '../src/pages/single-flight.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SingleFlight', () => {
  it('runs the work once for callers that arrive while it is under way, then afresh', async () => {
    const flights = new SingleFlight<string>();
    const gate = deferred<string>();
    let calls = 0;
    const work = () => {
      calls += 1;
      return gate.promise;
    };
    const results = [1, 2, 3].map(() => flights.run('a', new AbortController().signal, work));
    // Another key is its own work.
    const other = flights.run('b', new AbortController().signal, async () => 'other');
    gate.resolve('page');
    expect(await Promise.all(results)).toEqual(['page', 'page', 'page']);
    expect(await other).toBe('other');
    expect(calls).toBe(1);
    expect(flights.started).toBe(2);
    expect(flights.size).toBe(0);
    // Finished: the next caller starts the work again (the result is not a cache).
    expect(await flights.run('a', new AbortController().signal, async () => 'again')).toBe('again');
    expect(flights.started).toBe(3);
  });

  it('gives every waiting caller the same failure', async () => {
    const flights = new SingleFlight<string>();
    const gate = deferred<string>();
    const results = [1, 2].map(() => flights.run('a', new AbortController().signal, () => gate.promise));
    gate.reject(new Error('render failed'));
    for (const result of results) await expect(result).rejects.toThrow('render failed');
    expect(flights.size).toBe(0);
  });

  it('keeps the work going while any caller waits, and aborts it once all have gone', async () => {
    const flights = new SingleFlight<string>();
    let workSignal: AbortSignal | undefined;
    const work = (signal: AbortSignal) => {
      workSignal = signal;
      return new Promise<string>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      );
    };
    const first = new AbortController();
    const second = new AbortController();
    const results = [first, second].map((caller) => flights.run('a', caller.signal, work));
    first.abort(new Error('first left'));
    expect(workSignal?.aborted).toBe(false);
    expect(flights.size).toBe(1);
    second.abort(new Error('second left'));
    expect(workSignal?.aborted).toBe(true);
    // Abandoned work is forgotten at once: a new caller does not join a cancelled render.
    expect(flights.size).toBe(0);
    for (const result of results) await expect(result).rejects.toThrow('second left');
  });

  it('does not let a caller who had already gone cancel work others wait for', async () => {
    const flights = new SingleFlight<string>();
    const gate = deferred<string>();
    const waiting = flights.run('a', new AbortController().signal, () => gate.promise);
    const gone = new AbortController();
    gone.abort();
    const late = flights.run('a', gone.signal, () => gate.promise);
    gate.resolve('page');
    expect(await waiting).toBe('page');
    expect(await late).toBe('page');
  });
});
