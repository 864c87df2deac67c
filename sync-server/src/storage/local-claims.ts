// Claims for a single process (the embedded store allows one server on its DATA_DIR): a set of held names.
import type { Claim } from './store-api.ts';

export class LocalClaims {
  readonly #held = new Set<string>();

  claim(name: string): Claim | null {
    if (this.#held.has(name)) return null;
    this.#held.add(name);
    let released = false;
    return {
      signal: new AbortController().signal,
      release: async () => {
        if (released) return;
        released = true;
        this.#held.delete(name);
      },
    };
  }
}
