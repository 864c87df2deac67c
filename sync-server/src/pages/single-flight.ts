// One piece of async work per key at a time: callers asking for a key whose work is under way wait for that
// work instead of starting their own. Public pages use it so a burst of first visits to a page that is not
// cached yet (after a publish, when every cached page is stale at once) renders it once, not once per
// visitor: a render costs milliseconds of the one event loop, a wait costs nothing.

interface Flight<T> {
  readonly result: Promise<T>;
  readonly controller: AbortController;
  /** Callers still waiting for the result; when the last one goes away, the work is aborted. */
  waiting: number;
}

export class SingleFlight<T> {
  readonly #flights = new Map<string, Flight<T>>();
  #started = 0;

  /** How many times work was started (tests compare it with the number of callers). */
  get started(): number {
    return this.#started;
  }

  /** Work under way. */
  get size(): number {
    return this.#flights.size;
  }

  /**
   * The result of `work` for `key`, started now unless it is already under way for an earlier caller.
   * `work` gets a signal that aborts only once every caller's own `signal` has aborted (a visitor who
   * leaves never cancels the page for the others still waiting on it).
   */
  run(key: string, signal: AbortSignal, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    let flight = this.#flights.get(key);
    if (flight === undefined) {
      const controller = new AbortController();
      this.#started += 1;
      const result = (async () => work(controller.signal))().finally(() => {
        if (this.#flights.get(key) === started) this.#flights.delete(key);
      });
      const started: Flight<T> = { result, controller, waiting: 0 };
      flight = started;
      this.#flights.set(key, flight);
    }
    const joined = flight;
    joined.waiting += 1;
    const leave = (): void => {
      joined.waiting -= 1;
      if (joined.waiting > 0) return;
      // Nobody is left to answer: stop the work, and let the next caller start afresh.
      if (this.#flights.get(key) === joined) this.#flights.delete(key);
      joined.controller.abort(signal.reason);
    };
    if (signal.aborted) leave();
    else {
      signal.addEventListener('abort', leave, { once: true });
      const stopListening = (): void => signal.removeEventListener('abort', leave);
      joined.result.then(stopListening, stopListening);
    }
    return joined.result;
  }
}
