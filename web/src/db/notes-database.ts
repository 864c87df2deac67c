// The browser's database (IndexedDB through Dexie): notes, their outbox, the editor drafts, study material and
// sync bookkeeping. One class, one shared instance (db.ts); tests open their own with other names.
import { Dexie, type EntityTable } from 'dexie';
import { newClientId } from './client-id.ts';
import type {
  CardOutboxEntry,
  ConflictRow,
  DeletionRow,
  EditorDraft,
  LocalAttachment,
  LocalFlashcard,
  LocalKeyPoint,
  LocalNote,
  NoteDraft,
  OutboxEntry,
  ReviewRow,
  SyncBase,
  SyncMetaRow,
  SyncNotice,
  TrashRow,
  UploadEntry,
} from './types.ts';

export class NotesDatabase extends Dexie {
  notes!: EntityTable<LocalNote, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  drafts!: EntityTable<NoteDraft, 'id'>;
  flashcards!: EntityTable<LocalFlashcard, 'id'>;
  keyPoints!: EntityTable<LocalKeyPoint, 'id'>;
  reviews!: EntityTable<ReviewRow, 'id'>;
  syncMeta!: EntityTable<SyncMetaRow, 'key'>;
  notices!: EntityTable<SyncNotice, 'id'>;
  deletions!: EntityTable<DeletionRow, 'serverId'>;
  attachments!: EntityTable<LocalAttachment, 'sha256'>;
  uploads!: EntityTable<UploadEntry, 'seq'>;
  trash!: EntityTable<TrashRow, 'id'>;
  /** The saved search index (features/search): one row, rewritten a little after notes change. */
  searchIndex!: EntityTable<{ key: string }, 'key'>;
  noteDrafts!: EntityTable<EditorDraft, 'key'>;
  syncBases!: EntityTable<SyncBase, 'id'>;
  conflicts!: EntityTable<ConflictRow, 'copyId'>;
  /** Card changes waiting to be pushed (sync/push-cards.ts). */
  cardOutbox!: EntityTable<CardOutboxEntry, 'id'>;

  constructor(name = 'private-notes') {
    super(name);
    // Schema history: add a new version() below with an upgrade() instead of editing an old one;
    // Dexie runs the upgrades a returning browser has missed, in order.
    this.version(1).stores({
      notes: 'id, serverId, updatedAt, createdAt, deleted, syncState',
      outbox: '++seq, &noteId, serverId',
      drafts: 'id',
      flashcards: 'id, noteId',
      keyPoints: 'id, noteId',
      reviews: '++id, cardId, noteId, reviewedAt',
      syncMeta: 'key',
    });
    // v2: notes get a multi-entry tags index (tag filters without a table scan); rows written by v1 may lack
    // `tags` or `syncError`, so the upgrade fills them in.
    this.version(2)
      .stores({ notes: 'id, serverId, updatedAt, createdAt, deleted, syncState, *tags' })
      .upgrade((tx) =>
        tx
          .table<LocalNote, string>('notes')
          .toCollection()
          .modify((note) => {
            if (!Array.isArray(note.tags)) note.tags = [];
            if (note.syncError === undefined) note.syncError = null;
          }),
      );
    // v3 (study feature): reviews get a device-made `uid`, unique, so reviews pulled from the server are stored
    // once; rows written before it get one by the upgrade so they sync too.
    this.version(3)
      .stores({ reviews: '++id, &uid, cardId, noteId, reviewedAt' })
      .upgrade((tx) =>
        tx
          .table<ReviewRow, number>('reviews')
          .toCollection()
          .modify((review) => {
            if (typeof review.uid !== 'string') review.uid = `r${newClientId().slice(1)}`;
          }),
      );
    // v4 (deletes that cannot eat an edit): notices the sync leaves for the owner, and confirmed deletes
    // remembered for a while so a note that comes back is explained.
    this.version(4).stores({ notices: '++id, noteId', deletions: 'serverId, deletedAt' });
    // v5 (attachments): files by hash, and their upload queue beside the notes outbox.
    this.version(5).stores({ attachments: 'sha256, createdAt', uploads: '++seq, &sha256' });
    // v6: both queues indexed on `error`. IndexedDB leaves a null out of an index, so the index holds only the
    // refused entries: the sync status reads those and a count, never the whole queue (10,000 imported notes
    // queue 10,000 entries, and the status is read again after every write to the queue).
    this.version(6).stores({ outbox: '++seq, &noteId, serverId, error', uploads: '++seq, &sha256, error' });
    // v7 (nothing typed is lost): the editor's text per note, beside the spec's single note_draft row. A browser
    // that had a note_draft keeps it as the first per-note draft, so the upgrade itself loses nothing.
    this.version(7)
      .stores({ noteDrafts: 'key, savedAt' })
      .upgrade(async (tx) => {
        const old = await tx.table<NoteDraft, string>('drafts').get('note_draft');
        if (!old) return;
        const row: EditorDraft = {
          key: old.noteId ?? 'new',
          noteId: old.noteId,
          title: old.title,
          content: old.content,
          tagInput: old.tagInput,
          savedAt: old.lastSaved,
          open: true,
        };
        await tx.table<EditorDraft, string>('noteDrafts').put(row);
      });
    // v8 (Trash): deleted notes as this device knows them (its own deletes, deletes pulled from the feed, the
    // server's Trash when last seen), so the Trash screen and Undo work offline. (v7 is another feature's.)
    this.version(8).stores({ trash: 'id, serverId, deletedAt' });
    // v9 (conflicts that merge): the last synced server text of each note, the base of a three-way merge, and
    // the conflicts left for the owner to compare. Notes synced before it have no base until their next sync;
    // a stale push of one of those keeps both texts, as before.
    this.version(9).stores({ syncBases: 'id', conflicts: 'copyId, noteId' });
    // v11 (search): the search index, saved whole as typed arrays; a missing row is rebuilt from the notes.
    this.version(11).stores({ searchIndex: 'key' });
    // v12 (cards that follow the owner): the cards' queue. The cards this device already had are queued, so they
    // reach the server and the owner's other devices; a row with a numeric note id (the note's server id, from
    // before cards used client ids) cannot be matched on another device and stays local.
    this.version(12)
      .stores({ cardOutbox: 'id, error' })
      .upgrade(async (tx) => {
        const queue = tx.table<CardOutboxEntry, string>('cardOutbox');
        const entry = (id: string, kind: CardOutboxEntry['kind'], noteId: string): CardOutboxEntry => ({
          id,
          kind,
          noteId,
          op: 'put',
          change: `c${newClientId().slice(1)}`,
          baseVersion: 0,
          error: null,
        });
        const cards = await tx.table<LocalFlashcard, string>('flashcards').toArray();
        const points = await tx.table<LocalKeyPoint, string>('keyPoints').toArray();
        await queue.bulkPut([
          ...cards.flatMap((c) => (typeof c.noteId === 'string' ? [entry(c.id, 'flashcard', c.noteId)] : [])),
          ...points.flatMap((p) => (typeof p.noteId === 'string' ? [entry(p.id, 'keyPoint', p.noteId)] : [])),
        ]);
      });
  }
}
