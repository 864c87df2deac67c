// What pushing the outbox needs: the device's database, the round's request function and its clock.
import type { NotesDatabase } from '../db/notes-database.ts';
import type { SyncRequest } from './sync-http.ts';

export interface PushContext {
  db: NotesDatabase;
  request: SyncRequest;
  now: () => Date;
}
