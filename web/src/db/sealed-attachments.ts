// Attachments of a locked note (issue 34, docs/decisions/locked-notes-cards-attachments.md): a file pasted into a
// locked note is sealed here, with a key of its own, before it is stored on this device or uploaded; the note's
// markdown (itself sealed) refers to the sealed bytes and holds the key. Showing one decrypts it in memory into an
// object URL. Loaded only where the vault's crypto is wanted (a locked note's editor, a view of a sealed file).
import { fileTooLargeMessage, isInlineImage, SNIFF_BYTES, sniffMime } from '@private-notes/shared';
import {
  fileKeyFromText,
  newFileKey,
  openFile,
  SEALED_FILE_OVERHEAD,
  sealFile,
} from '@private-notes/shared/vault/sealed-file';
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
