// The 'due today' counts as a live value for screens: recomputed when notes, cards or reviews change, and
// every minute (cards fall due as time passes). The count replays review history with the scheduler, whose
// code loads after the screen's first paint (undefined until then, as while the database answers).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../db/db.ts';
import { idleAfterFirstScreen } from '../../ui/after-first-screen.ts';
import type { computeDueCounts, DueCounts } from './due-counts.ts';

export function useDueCounts(): DueCounts | undefined {
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / 60_000));
  const [compute, setCompute] = useState<typeof computeDueCounts | null>(null);
  useEffect(() => {
    let live = true;
    // Not loaded (offline before the chunk was cached): no count, as before the database answers. It loads
    // once the first screen is painted: the scheduler and its schemas would otherwise be parsed before it.
    const cancelLoad = idleAfterFirstScreen(
      () =>
        void import('./due-counts.ts')
          .then((m) => {
            if (live) setCompute(() => m.computeDueCounts);
          })
          .catch(() => {}),
    );
    const timer = setInterval(() => setMinute(Math.floor(Date.now() / 60_000)), 60_000);
    return () => {
      live = false;
      cancelLoad();
      clearInterval(timer);
    };
  }, []);
  return useLiveQuery(async () => (compute ? compute(db, new Date()) : undefined), [minute, compute]);
}
