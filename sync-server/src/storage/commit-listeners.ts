// Who hears about commits (the live channel, live/live-hub.ts): each transaction once it is durable, whether
// this instance committed it or replayed it from another instance; `ops: null` when memory was reloaded
// wholesale (anything may have changed). Listeners run synchronously and must not throw.
import type { CommitAuthor } from './commit-author.ts';
import type { Op } from './ops.ts';

export interface Commit {
  seq: number;
  /** The transaction's operations, or null after a full reload (every collection may have moved). */
  ops: readonly Op[] | null;
  /** Who made it, when this instance committed it for a route that said so; never for a replay. */
  author?: CommitAuthor;
}

export type CommitListener = (commit: Commit) => void;

export class CommitListeners {
  readonly #listeners = new Set<CommitListener>();

  add(listener: CommitListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(commit: Commit): void {
    for (const listener of this.#listeners) {
      try {
        listener(commit);
      } catch (error) {
        console.error(`A commit listener failed: ${(error as Error).message}`);
      }
    }
  }
}
