// Who made a transaction, when a route says so: the live channel marks the event of a commit made by a
// session's own sync push as that session's own (live/live-hub.ts), so the device that pushed does not pull
// its own change back. Carried by AsyncLocalStorage from the route to store.write(), which reads it when the
// transaction is queued; writes started after the route has answered (background work it set off) carry no
// author, because nothing tells the device about them.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { LiveWriter } from '@private-notes/shared';

export interface CommitAuthor {
  /** The signed-in session whose request made the transaction. */
  sessionId: number;
  /** Which of that session's writers: one whose round pulls after it pushes. */
  via: LiveWriter;
}

interface Scope {
  author: CommitAuthor;
  open: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `fn` (a route's work until it answers) with its store writes attributed to `author`. */
export async function asAuthor<R>(author: CommitAuthor, fn: () => Promise<R>): Promise<R> {
  const scope: Scope = { author, open: true };
  try {
    return await scopes.run(scope, fn);
  } finally {
    scope.open = false;
  }
}

/** The author of a write queued now, if a route set one and has not answered yet. */
export function currentAuthor(): CommitAuthor | undefined {
  const scope = scopes.getStore();
  return scope?.open ? scope.author : undefined;
}
