// Whether /study can build its session: a session is made of this device's cards and their notes, so on a
// device that has never pulled them (a fresh sign-in) it waits for the first sync of both instead of saying
// no card is due. Offline it does not wait: the session is built from what the device holds.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db.ts';
import { CARDS_CURSOR_KEY } from '../../sync/pull-cards.ts';
import { CURSOR_KEY } from '../../sync/sync-cursor.ts';
import { useOnline } from '../../ui/use-online.ts';

export type StudyReadiness = 'checking' | 'first-sync' | 'ready';

export function useStudyReady(): StudyReadiness {
  const online = useOnline();
  const pulled = useLiveQuery(async () => {
    const [cards, notes] = await Promise.all([
      db.syncMeta.get(CARDS_CURSOR_KEY),
      db.syncMeta.get(CURSOR_KEY),
    ]);
    return cards !== undefined && notes !== undefined;
  }, []);
  if (pulled === undefined) return 'checking';
  return pulled || !online ? 'ready' : 'first-sync';
}
