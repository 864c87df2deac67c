// The one shared database instance the app uses; screens read it through live queries, writes go through notes-store.ts.
import { NotesDatabase } from './notes-database.ts';

export const db = new NotesDatabase();
