// Attachments of a locked note (issue 34, docs/decisions/locked-notes-cards-attachments.md): a file pasted into a
// locked note is sealed here, with a key of its own, before it is stored on this device or uploaded; the note's
// markdown (itself sealed) refers to the sealed bytes and holds the key. Showing one decrypts it in memory into an
// object URL. Loaded only where the vault's crypto is wanted (a locked note's editor, a view of a sealed file).
import {
  attachmentHashes,
  attachmentPath,
  fileTooLargeMessage,
  isInlineImage,
  SNIFF_BYTES,
  sniffMime,
} from '@private-notes/shared';
import {
  fileKeyFromText,
  newFileKey,
  openFile,
  SEALED_FILE_OVERHEAD,
  sealFile,
} from '@private-notes/shared/vault/sealed-file';
import { sealedAttachmentKeys, sealedAttachmentPath } from '@private-notes/shared/vault/sealed-file-link';
import {
  AttachmentRefusedError,
  attachmentMaxBytes,
  cleanFileName,
  storeAttachment,
} from './attachment-store.ts';
import { db } from './db.ts';
import type { NotesDatabase } from './notes-database.ts';
import type { LocalAttachment } from './types.ts';

/** The name the server is told for a sealed file: the real one is only in the note's sealed markdown. */
export const SEALED_FILE_NAME = 'locked-file';

export interface SealedStoredFile {
  sha256: string;
  name: string;
  mime: string;
  /** The file's key (base64url), for its address's fragment. */
  key: string;
}

/** Seals a file with a new key and stores the sealed bytes (queued for upload when the note is saved). */
export async function storeSealedAttachment(
  file: { bytes: ArrayBuffer; name: string },
  database: NotesDatabase = db,
): Promise<SealedStoredFile> {
  const name = cleanFileName(file.name);
  const maxBytes = await attachmentMaxBytes(database);
  if (file.bytes.byteLength + SEALED_FILE_OVERHEAD > maxBytes)
    throw new AttachmentRefusedError(fileTooLargeMessage(name, file.bytes.byteLength, maxBytes));
  if (file.bytes.byteLength === 0) throw new AttachmentRefusedError(`${name} is empty`);
  const plain = new Uint8Array(file.bytes.slice(0));
  const mime = sniffMime(plain.subarray(0, SNIFF_BYTES));
  const { key, text } = newFileKey();
  const sealed = sealFile(key, plain);
  const row = await storeAttachment(
    { bytes: sealed.buffer as ArrayBuffer, name: SEALED_FILE_NAME },
    database,
  );
  return { sha256: row.sha256, name, mime, key: text };
}

/**
 * The object URL of a sealed file, decrypted in memory: an image as its own type (for <img>), anything else as
 * a download (never opened as a page of this origin). Null when the key does not open it.
 */
export function sealedObjectUrl(
  row: LocalAttachment,
  keyText: string,
): { url: string; image: boolean } | null {
  try {
    const bytes = openFile(fileKeyFromText(keyText), new Uint8Array(row.bytes));
    const mime = sniffMime(bytes.subarray(0, SNIFF_BYTES));
    const image = isInlineImage(mime);
    const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], {
      type: image ? mime : 'application/octet-stream',
    });
    return { url: URL.createObjectURL(blob), image };
  } catch {
    return null;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const linkName = (text: string, path: string): string | null => {
  const match = new RegExp(`\\[((?:\\\\.|[^\\]\\\\])*)\\]\\(${escapeRegExp(path)}\\)`).exec(text);
  return match ? match[1]!.replace(/\\([\\[\]])/g, '$1') : null;
};

/** A file a note refers to is not on this device (and could not be fetched): nothing was changed. */
export class MissingAttachmentError extends Error {
  override name = 'MissingAttachmentError';
}

/**
 * A note's text as it is to be locked: every plain file it refers to sealed here (a new key each) and its
 * references rewritten to the sealed copies. `fetch` brings files that are not on this device yet. The plain
 * copies are left where they are (another note may use them); see the decision record for the server's.
 */
export async function sealAttachmentsOfText(
  text: string,
  fetch: (hashes: string[]) => Promise<unknown>,
  database: NotesDatabase = db,
): Promise<string> {
  const sealedAlready = sealedAttachmentKeys(text);
  const plain = attachmentHashes(text).filter((hash) => !sealedAlready.has(hash));
  if (plain.length === 0) return text;
  const missing = (await database.attachments.bulkGet(plain)).some((row) => !row);
  if (missing) await fetch(plain).catch(() => {});
  let result = text;
  for (const hash of plain) {
    const row = await database.attachments.get(hash);
    if (!row)
      throw new MissingAttachmentError(
        'A file of this note is not on this device yet: connect to your server and lock it again.',
      );
    const path = attachmentPath(hash);
    const name = linkName(text, path) ?? row.name;
    const sealed = await storeSealedAttachment({ bytes: row.bytes, name }, database);
    result = result.replace(
      new RegExp(`${escapeRegExp(path)}(?![0-9a-f#])`, 'g'),
      sealedAttachmentPath(sealed.sha256, sealed.key),
    );
  }
  return result;
}

/** A locked note's text as it is to be made plain: every sealed file opened, stored plain, and referred to so. */
export async function openAttachmentsOfText(
  text: string,
  fetch: (hashes: string[]) => Promise<unknown>,
  database: NotesDatabase = db,
): Promise<string> {
  const sealed = sealedAttachmentKeys(text);
  if (sealed.size === 0) return text;
  const hashes = [...sealed.keys()];
  if ((await database.attachments.bulkGet(hashes)).some((row) => !row)) await fetch(hashes).catch(() => {});
  let result = text;
  for (const [hash, keyText] of sealed) {
    const row = await database.attachments.get(hash);
    if (!row)
      throw new MissingAttachmentError(
        'A file of this note is not on this device yet: connect to your server and unlock it again.',
      );
    const path = sealedAttachmentPath(hash, keyText);
    const bytes = openFile(fileKeyFromText(keyText), new Uint8Array(row.bytes));
    const plainRow = await storeAttachment(
      { bytes: bytes.slice().buffer as ArrayBuffer, name: linkName(text, path) ?? 'file' },
      database,
    );
    result = result.split(path).join(attachmentPath(plainRow.sha256));
  }
  return result;
}
