// The codec that plugs an unlocked vault into the notes database's edge (db/locked-note-codec.ts): opened notes
// are cached in memory by their stored text (the list re-reads every note after each write), and each note keeps
// its key across edits (until the vault key is rotated: then it gets a new one). The whole cache goes with the
// vault: a new codec is made at every unlock.
import { isLockedNoteText } from '@private-notes/shared';
import type { NoteKey, UnlockedVault } from '@private-notes/shared/vault';
import { openCard, type SealableCard, sealCard } from '@private-notes/shared/vault/sealed-card';
import type { LockedNoteCodec, LockedNoteFields } from '../db/locked-note-codec.ts';

export function createLockedNoteCache(vault: UnlockedVault): LockedNoteCodec {
  const opened = new Map<string, { text: string; fields: LockedNoteFields }>();
  const keys = new Map<string, NoteKey>();
  // The key of the note as stored now (opening its text, cached); the key it was last sealed with otherwise (a
  // note being unlocked: its cards are opened with the key its locked text had).
  const keyOf = (noteId: string, noteText: string): NoteKey => {
    if (isLockedNoteText(noteText)) codec.open(noteId, noteText);
    const key = keys.get(noteId);
    if (!key) throw new Error('This card belongs to a note that is not locked: it cannot be opened.');
    return key;
  };
  const codec: LockedNoteCodec = {
    sealCard(noteId, noteText, kind, card) {
      return sealCard(
        vault,
        keyOf(noteId, noteText),
        kind,
        card as unknown as SealableCard<typeof kind>,
      ) as never;
    },
    openCard(noteId, noteText, kind, card) {
      return openCard(
        vault,
        keyOf(noteId, noteText),
        kind,
        card as unknown as SealableCard<typeof kind>,
      ) as never;
    },
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
  return codec;
}
