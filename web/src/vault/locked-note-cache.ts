// The codec that plugs an unlocked vault into the notes database's edge (db/locked-note-codec.ts): opened notes
// are cached in memory by their stored text (the list re-reads every note after each write), and each note keeps
// its key across edits (until the vault key is rotated: then it gets a new one). The whole cache goes with the vault: a new codec is made at every unlock.
import type { NoteKey, UnlockedVault } from '@private-notes/shared/vault';
import type { LockedNoteCodec, LockedNoteFields } from '../db/locked-note-codec.ts';

export function createLockedNoteCache(vault: UnlockedVault): LockedNoteCodec {
  const opened = new Map<string, { text: string; fields: LockedNoteFields }>();
  const keys = new Map<string, NoteKey>();
  return {
    open(noteId, text) {
      const hit = opened.get(noteId);
      if (hit && hit.text === text) return hit.fields;
      const { fields, noteKey } = vault.openLockedNote(noteId, text);
      opened.set(noteId, { text, fields });
      keys.set(noteId, noteKey);
      return fields;
    },
    seal(noteId, fields) {
      let key = keys.get(noteId);
      // A key wrapped under an older vault key (a rotation under way or done) is replaced: every write after a
      // rotation starts is sealed under the new vault key with a new note key.
      if (!key || key.wrapped.keyId !== vault.vaultKeyId) {
        key = vault.createNoteKey(noteId);
        keys.set(noteId, key);
      }
      return vault.lockNote(noteId, fields, key);
    },
  };
}
