// The 'due today' counts as a live value for screens: recomputed when notes, cards or reviews change, and
// every minute (cards fall due as time passes).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../db/db.ts';
import { computeDueCounts, type DueCounts } from './due-counts.ts';

export function useDueCounts(): DueCounts | undefined {
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / 60_000));
  useEffect(() => {
    const timer = setInterval(() => setMinute(Math.floor(Date.now() / 60_000)), 60_000);
    return () => clearInterval(timer);
  }, []);
  return useLiveQuery(() => computeDueCounts(db, new Date()), [minute]);
}
