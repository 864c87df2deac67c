// The notes screen's view of a new device's early first page (sync/early-feed.ts): its newest notes, shown until
// the database has notes of its own.
import { useEffect, useState } from 'react';
import type { LocalNote } from '../../db/types.ts';
import {
  earlyFeedAnswer,
  earlyFeedRows,
  onEarlyFeedDropped,
  settledEarlyFeed,
} from '../../sync/early-feed.ts';

/**
 * How long the first screen waits for the early answer before it counts as painted (and the sync engine, which
 * takes the same answer, starts loading): its chunk's parsing would otherwise come just before the cards' frame.
 */
export const EARLY_FEED_SCREEN_WAIT_MS = 1_000;

/**
 * Undefined while the page's early answer is on its way (for at most EARLY_FEED_SCREEN_WAIT_MS), null when there
 * is none, it failed or the engine dropped it, else the first screenful it brought.
 */
export function useEarlyFeedRows(): LocalNote[] | null | undefined {
  const [answer] = useState(earlyFeedAnswer);
  // Come already (usually: it was asked for before the scripts loaded): the first render has the rows.
  const [rows, setRows] = useState<LocalNote[] | null | undefined>(() => {
    if (!answer) return null;
    const body = settledEarlyFeed(answer);
    return body === undefined ? undefined : earlyFeedRows(body);
  });
  useEffect(() => {
    if (!answer) return;
    let current = true;
    const stopListening = onEarlyFeedDropped(() => {
      current = false;
      setRows(null);
    });
    // Still on its way: the screen stops waiting for it, and shows it if it comes later.
    const timer = setTimeout(() => setRows((shown) => shown ?? null), EARLY_FEED_SCREEN_WAIT_MS);
    answer.then(
      (body) => {
        if (current) setRows(earlyFeedRows(body));
      },
      () => {
        if (current) setRows(null);
      },
    );
    return () => {
      current = false;
      clearTimeout(timer);
      stopListening();
    };
  }, [answer]);
  return rows;
}
