// The changes feed's pages asked for ahead of the one being stored. Each page's request needs the cursor of the
// page before, so one request is on the wire at a time; but the next leaves as soon as an answer is in, not once
// the page before it has been stored: while page N is written to IndexedDB, page N+1 can be parsed and waiting
// and N+2 on its way. With 1,000 notes of real text a page took 0.3–0.5 s to store on this machine's loaded
// cores, about as long as the server took to answer the next one (docs/decisions/realistic-bench-corpus.md).
import type { NoteChanges } from '@private-notes/shared';

export interface FeedPagesAhead {
  /** The next page in feed order (asked for already); call it once per page, after the one before is used. */
  next(): Promise<NoteChanges>;
  /** Asks for nothing more (the pull ended, failed or found the server reset). */
  stop(): void;
}

/**
 * Starts from `first` (the page after `since`) and asks `fetchAfter(cursor)` for each following page while at
 * most `depth` pages are asked for and not yet taken with next(). Stops after the feed's last page, a page that
 * does not move the cursor, or a failed request (whose failure next() then returns, in its turn).
 */
export function feedPagesAhead(
  first: Promise<NoteChanges>,
  since: string | null,
  fetchAfter: (cursor: string) => Promise<NoteChanges>,
  depth: number,
): FeedPagesAhead {
  const queue: Promise<NoteChanges>[] = [];
  let cursor = since;
  let ended = false;
  let answering = false;
  const refill = () => {
    if (ended || answering || queue.length >= depth || cursor === null) return;
    ask(fetchAfter(cursor));
  };
  const ask = (page: Promise<NoteChanges>) => {
    // Taken later by next(); a failure meanwhile must not surface as an unhandled rejection.
    page.catch(() => {});
    queue.push(page);
    answering = true;
    page.then(
      (changes) => {
        answering = false;
        if (!changes.more || changes.cursor === cursor) ended = true;
        cursor = changes.cursor;
        refill();
      },
      () => {
        answering = false;
        ended = true;
      },
    );
  };
  ask(first);
  return {
    next() {
      const page = queue.shift();
      if (!page) return Promise.reject(new Error('No feed page was asked for: the feed had ended'));
      refill();
      return page;
    },
    stop() {
      ended = true;
    },
  };
}
