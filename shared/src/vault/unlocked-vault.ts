// An unlocked vault: the vault key in memory, and the note-level operations that need it. Each locked note has
// its own random key, wrapped by the vault key and bound to the note's id, so a wrapped key copied onto another
// note does not open; each field is sealed under the note key and bound to note id and field name.
// The key lives only in this object: nothing here writes it anywhere, and forget() overwrites it.
import { randomBytes } from '@noble/ciphers/utils.js';
import { z } from 'zod';
import { formatZodError } from '../errors.ts';
import { NoteFieldsSchema } from '../schemas/note.ts';
import { NOTE_CONTENT_MAX } from '../schemas/note-limits.ts';
import { fromUtf8, toBase64Url, utf8 } from './bytes.ts';
import { type Envelope, formatEnvelope, KEY_BYTES, parseEnvelope } from './envelope.ts';
import { formatLockedNote, LOCKED_NOTE_FIELDS, parseLockedNote } from './locked-note.ts';
import { openBytes, randomKey, sealBytes } from './seal.ts';
import { DECRYPT_FAILED_MESSAGE, VaultError } from './vault-error.ts';

export interface NoteFields {
  title: string;
  content: string;
  tags: string[];
}

/** A field name: `title`, `content`, `tags`, or a namespaced value such as `attachment:<id>` or `card:<id>`. */
const FIELD_NAME = /^[a-z][a-z0-9-]{0,31}(:[A-Za-z0-9_-]{1,64})?$/;

function checkFieldName(field: string) {
  if (!FIELD_NAME.test(field))
    throw new VaultError(
      'invalid-field-name',
      `"${field.slice(0, 40)}" is not a field name (lowercase letters, then optionally ":" and an id).`,
    );
}
const TagsJsonSchema = z.array(z.string());

const vaultKeys = new WeakMap<UnlockedVault, Uint8Array>();
// Further vault keys this vault opens notes with (by key id): the previous key while a rotation is pending, and
// the keys of earlier rotations (key-rotation.ts). New note keys are always wrapped by the primary key.
const otherKeys = new WeakMap<UnlockedVault, Map<string, Uint8Array>>();

/** A note's key, unwrapped. Opaque: its bytes stay with the vault that unwrapped it and go when it is locked. */
export class NoteKey {
  readonly noteId: string;
  readonly id: string;
  readonly wrapped: Envelope;

  constructor(noteId: string, id: string, wrapped: Envelope) {
    this.noteId = noteId;
    this.id = id;
    this.wrapped = wrapped;
  }
}

const FORGOTTEN_MESSAGE = 'The vault is locked: unlock it again.';

function bytesOf(vault: UnlockedVault): Uint8Array {
  const bytes = vaultKeys.get(vault);
  if (!bytes) throw new VaultError('vault-forgotten', FORGOTTEN_MESSAGE);
  return bytes;
}

export class UnlockedVault {
  readonly vaultKeyId: string;
  // Note keys this vault unwrapped. Replaced on forget(), so a NoteKey an editor still holds opens nothing.
  #noteKeys = new WeakMap<NoteKey, Uint8Array>();

  /**
   * `vaultKeyId` names the primary key (it wraps every new note key); `others` are further keys, by id, whose
   * notes this vault still opens (a pending or past key rotation).
   */
  constructor(vaultKeyId: string, vaultKey: Uint8Array, others: ReadonlyMap<string, Uint8Array> = new Map()) {
    for (const key of [vaultKey, ...others.values()])
      if (key.length !== KEY_BYTES)
        throw new VaultError('malformed', `A vault key must be ${KEY_BYTES} bytes.`);
    this.vaultKeyId = vaultKeyId;
    vaultKeys.set(this, vaultKey);
    const rest = new Map(others);
    rest.delete(vaultKeyId);
    otherKeys.set(this, rest);
  }

  /** The ids of every vault key this vault holds, the primary first. */
  keyIds(): string[] {
    bytesOf(this);
    return [this.vaultKeyId, ...(otherKeys.get(this)?.keys() ?? [])];
  }

  holdsKey(vaultKeyId: string): boolean {
    return this.keyIds().includes(vaultKeyId);
  }

  /**
   * Overwrites the vault key in memory and drops every note key it unwrapped; every later use, also with a
   * NoteKey obtained before, throws 'vault-forgotten'.
   */
  forget(): void {
    vaultKeys.get(this)?.fill(0);
    vaultKeys.delete(this);
    for (const key of otherKeys.get(this)?.values() ?? []) key.fill(0);
    otherKeys.delete(this);
    this.#noteKeys = new WeakMap();
  }

  get isForgotten(): boolean {
    return !vaultKeys.has(this);
  }

  #noteKeyBytes(noteKey: NoteKey): Uint8Array {
    bytesOf(this);
    const bytes = this.#noteKeys.get(noteKey);
    if (!bytes) throw new VaultError('wrong-vault', 'This note key was not opened by this vault.');
    return bytes;
  }

  #register(noteKey: NoteKey, bytes: Uint8Array): NoteKey {
    this.#noteKeys.set(noteKey, bytes);
    return noteKey;
  }

  /** A fresh random key for `noteId`, wrapped by this vault's key. */
  createNoteKey(noteId: string): NoteKey {
    const bytes = randomKey();
    const id = toBase64Url(randomBytes(9));
    const wrapped = sealBytes(bytesOf(this), this.vaultKeyId, bytes, ['note-key', noteId, id]);
    return this.#register(new NoteKey(noteId, id, wrapped), bytes);
  }

  /** Unwraps a note key; a key wrapped for another note (or another vault) is refused. */
  openNoteKey(noteId: string, wrapped: Envelope, noteKeyId: string): NoteKey {
    const vaultKey = vaultKeyById(this, wrapped.keyId);
    if (!vaultKey)
      throw new VaultError(
        'wrong-vault',
        'This note was locked with a different vault key than the one unlocked.',
      );
    const bytes = openBytes(vaultKey, wrapped, ['note-key', noteId, noteKeyId]);
    if (bytes.length !== KEY_BYTES) throw new VaultError('decrypt-failed', DECRYPT_FAILED_MESSAGE);
    return this.#register(new NoteKey(noteId, noteKeyId, wrapped), bytes);
  }

  sealField(noteKey: NoteKey, field: string, plaintext: Uint8Array): Envelope {
    checkFieldName(field);
    return sealBytes(this.#noteKeyBytes(noteKey), noteKey.id, plaintext, ['field', noteKey.noteId, field]);
  }

  openField(noteKey: NoteKey, field: string, envelope: Envelope): Uint8Array {
    checkFieldName(field);
    if (envelope.keyId !== noteKey.id) throw new VaultError('decrypt-failed', DECRYPT_FAILED_MESSAGE);
    return openBytes(this.#noteKeyBytes(noteKey), envelope, ['field', noteKey.noteId, field]);
  }

  sealText(noteKey: NoteKey, field: string, text: string): string {
    return formatEnvelope(this.sealField(noteKey, field, utf8(text)));
  }

  openText(noteKey: NoteKey, field: string, envelopeText: string): string {
    const text = fromUtf8(this.openField(noteKey, field, parseEnvelope(envelopeText)));
    if (text === null) throw new VaultError('decrypt-failed', DECRYPT_FAILED_MESSAGE);
    return text;
  }

  /**
   * Locks a note: its stored content text (see locked-note.ts). Pass the key `openLockedNote` returned to keep
   * the note's key across edits; without it the note gets a new one. The fields are checked (and the title and
   * tags trimmed) by the same schema the server applies to a plain note, since it cannot check a locked one.
   */
  lockNote(noteId: string, fields: NoteFields, noteKey?: NoteKey): string {
    if (noteKey && noteKey.noteId !== noteId)
      throw new VaultError('note-key-mismatch', 'This note key belongs to another note.');
    const checked = NoteFieldsSchema.safeParse(fields);
    if (!checked.success) throw new VaultError('invalid-note', formatZodError(checked.error));
    const key = noteKey ?? this.createNoteKey(noteId);
    const { title, content, tags } = checked.data;
    const plaintexts = { title, content, tags: JSON.stringify(tags) };
    const [sealedTitle, sealedContent, sealedTags] = LOCKED_NOTE_FIELDS.map((field) =>
      this.sealField(key, field, utf8(plaintexts[field])),
    ) as [Envelope, Envelope, Envelope];
    const text = formatLockedNote({
      noteKey: key.wrapped,
      title: sealedTitle,
      content: sealedContent,
      tags: sealedTags,
    });
    // Ciphertext in base64url takes 4 characters for 3 UTF-8 bytes: ~1.33 characters for each ASCII character
    // and 4 for each CJK one. The stored text must still fit the server's limit on a note's content.
    if (text.length > NOTE_CONTENT_MAX)
      throw new VaultError(
        'too-long',
        `This note is too long to lock: locked, it would take ${text.length.toLocaleString('en-US')} of the ${NOTE_CONTENT_MAX.toLocaleString('en-US')} characters a note can hold.`,
      );
    return text;
  }

  /**
   * Vault key rotation, one note at a time: the note's key re-wrapped under `target`'s vault key. Only the
   * wrapped-key line changes; the fields are not re-encrypted. Idempotent: a note already under `target` is
   * returned as it is, so an interrupted rotation can simply run again.
   */
  rewrapLockedNote(noteId: string, text: string, target: UnlockedVault): string {
    const locked = parseLockedNote(text);
    if (locked.noteKey.keyId === target.vaultKeyId) {
      target.openNoteKey(noteId, locked.noteKey, locked.title.keyId);
      return text;
    }
    const noteKey = this.openNoteKey(noteId, locked.noteKey, locked.title.keyId);
    const wrapped = sealBytes(bytesOf(target), target.vaultKeyId, this.#noteKeyBytes(noteKey), [
      'note-key',
      noteId,
      noteKey.id,
    ]);
    return formatLockedNote({ ...locked, noteKey: wrapped });
  }

  /**
   * Vault key rotation with new note keys: a note sealed under any other key this vault holds is opened and
   * sealed again under a fresh note key wrapped by the primary key (every field re-encrypted), so an old vault
   * key no longer opens anything written from now on. A note already under the primary key is returned as it is.
   */
  resealLockedNote(noteId: string, text: string): string {
    const locked = parseLockedNote(text);
    if (locked.noteKey.keyId === this.vaultKeyId) return text;
    const { fields } = this.openLockedNote(noteId, text);
    return this.lockNote(noteId, fields);
  }

  /** Opens a note's stored content text; throws a VaultError, never returns garbage. */
  openLockedNote(noteId: string, text: string): { fields: NoteFields; noteKey: NoteKey } {
    const locked = parseLockedNote(text);
    const noteKey = this.openNoteKey(noteId, locked.noteKey, locked.title.keyId);
    const [title, content, tagsJson] = LOCKED_NOTE_FIELDS.map((field) => {
      const value = fromUtf8(this.openField(noteKey, field, locked[field]));
      if (value === null) throw new VaultError('decrypt-failed', DECRYPT_FAILED_MESSAGE);
      return value;
    }) as [string, string, string];
    let tags: string[];
    try {
      tags = TagsJsonSchema.parse(JSON.parse(tagsJson));
    } catch {
      throw new VaultError('malformed', 'This locked note is damaged: its tags are not a list of words.');
    }
    return { fields: { title, content, tags }, noteKey };
  }
}

/** The vault key bytes, for re-wrapping it (vault.ts). Not exported from the vault's index. */
export function vaultKeyBytes(vault: UnlockedVault): Uint8Array {
  return bytesOf(vault);
}

/** One of the vault keys this vault holds, by id, or null (key-rotation.ts). Not exported from the index. */
export function vaultKeyById(vault: UnlockedVault, vaultKeyId: string): Uint8Array | null {
  const primary = bytesOf(vault);
  if (vaultKeyId === vault.vaultKeyId) return primary;
  return otherKeys.get(vault)?.get(vaultKeyId) ?? null;
}
