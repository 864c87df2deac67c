// The browser's side of attachments: files are stored by hash at once (so a note shows them with no
// connection), and queued for upload in the same transaction as the note change that first uses them, so the
// upload queue never misses a file a saved note needs, nor uploads one no saved note ever used.
import {
  ATTACHMENT_GC_GRACE_DAYS_DEFAULT,
  ATTACHMENT_MAX_BYTES_DEFAULT,
  ATTACHMENT_NAME_MAX,
  type AttachmentLimits,
  attachmentHashes,
  fileTooLargeMessage,
  isInlineImage,
  SNIFF_BYTES,
  sniffMime,
} from '@private-notes/shared';
import { sealedAttachmentKeys } from '@private-notes/shared/vault/sealed-file-link';
import { db } from './db.ts';
import { isSealedNote, revealNote } from './locked-note-codec.ts';
import type { NotesDatabase } from './notes-database.ts';
import type { LocalAttachment } from './types.ts';

/** A file refused before it is stored (too large, empty): the message is for the owner, as is. */
export class AttachmentRefusedError extends Error {
  override name = 'AttachmentRefusedError';
}

const LIMITS_KEY = 'attachmentLimits';
const DAY_MS = 24 * 60 * 60 * 1000;

export async function sha256Hex(bytes: ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The server's name rule: no slashes or control characters, at most ATTACHMENT_NAME_MAX characters. */
export function cleanFileName(name: string): string {
  const cleaned = [...name]
    .map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? '_' : c))
    .join('')
    .trim()
    .slice(0, ATTACHMENT_NAME_MAX);
  return cleaned || 'file';
}

/** The limits the server last reported (kept for offline use), else the shared defaults. */
export async function knownAttachmentLimits(database: NotesDatabase = db): Promise<AttachmentLimits | null> {
  const row = await database.syncMeta.get(LIMITS_KEY);
  if (typeof row?.value !== 'string') return null;
  try {
    return JSON.parse(row.value) as AttachmentLimits;
  } catch {
    return null;
  }
}

export async function saveAttachmentLimits(
  limits: AttachmentLimits,
  database: NotesDatabase = db,
): Promise<void> {
  await database.syncMeta.put({ key: LIMITS_KEY, value: JSON.stringify(limits) });
}

async function imageSize(bytes: ArrayBuffer, mime: string): Promise<{ width?: number; height?: number }> {
  if (typeof createImageBitmap !== 'function') return {};
  try {
    const bitmap = await createImageBitmap(new Blob([bytes], { type: mime }));
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return {};
  }
}

/** The largest file the server takes, as it last said (kept for offline use), else the shared default. */
export async function attachmentMaxBytes(database: NotesDatabase = db): Promise<number> {
  return (await knownAttachmentLimits(database))?.maxBytes ?? ATTACHMENT_MAX_BYTES_DEFAULT;
}

/**
 * The row a file would be stored as (hash, type from the bytes, image size), after checking it against the
 * limit. Stores nothing, so it can run before a transaction (hashing cannot run inside one). `bytes` is kept
 * as given: pass a buffer nobody else will change.
 */
export async function prepareAttachment(
  file: { bytes: ArrayBuffer; name: string },
  maxBytes: number,
): Promise<LocalAttachment> {
  const name = cleanFileName(file.name);
  if (file.bytes.byteLength > maxBytes)
    throw new AttachmentRefusedError(fileTooLargeMessage(name, file.bytes.byteLength, maxBytes));
  if (file.bytes.byteLength === 0) throw new AttachmentRefusedError(`${name} is empty`);
  const mime = sniffMime(new Uint8Array(file.bytes, 0, Math.min(SNIFF_BYTES, file.bytes.byteLength)));
  return {
    sha256: await sha256Hex(file.bytes),
    mime,
    size: file.bytes.byteLength,
    name,
    createdAt: new Date().toISOString(),
    ...(isInlineImage(mime) ? await imageSize(file.bytes, mime) : {}),
    bytes: file.bytes,
    uploaded: 0,
    unreferencedSince: null,
  };
}

/**
 * Checks the file against the limit and stores its bytes under their hash (once: the same file again returns
 * the stored row). Nothing is queued for upload until a note that uses it is saved.
 */
export async function storeAttachment(
  file: { bytes: ArrayBuffer; name: string },
  database: NotesDatabase = db,
): Promise<LocalAttachment> {
  // A copy: the caller's buffer may be transferred or reused.
  const row = await prepareAttachment(
    { bytes: file.bytes.slice(0), name: file.name },
    await attachmentMaxBytes(database),
  );
  const existing = await database.attachments.get(row.sha256);
  if (existing) return existing;
  await database.attachments.put(row);
  return row;
}

/**
 * Queues an upload for each file `content` uses that the server does not have yet. Must run inside the
 * transaction that saves the note (tables notes, outbox, attachments, uploads). For a locked note, pass its plain
 * text with `lockedNote`: only its sealed files are uploaded (a plain file it still refers to stays here).
 */
export async function queueAttachmentUploads(
  database: NotesDatabase,
  content: string,
  lockedNote = false,
): Promise<void> {
  const hashes = lockedNote ? [...sealedAttachmentKeys(content).keys()] : attachmentHashes(content);
  for (const sha256 of hashes) {
    const row = await database.attachments.get(sha256);
    if (!row) continue; // not on this device: another device uploaded it, or it is a foreign link
    if (row.unreferencedSince !== null)
      await database.attachments.update(sha256, { unreferencedSince: null });
    if (row.uploaded) continue;
    if (await database.uploads.where('sha256').equals(sha256).count()) continue;
    await database.uploads.add({ sha256, name: row.name, queuedAt: new Date().toISOString(), error: null });
  }
}

/** Stores a file fetched from the server for a note that uses it (already checked against its hash). */
export async function saveDownloadedAttachment(
  row: Omit<LocalAttachment, 'uploaded' | 'unreferencedSince' | 'createdAt'>,
  database: NotesDatabase = db,
): Promise<void> {
  await database.transaction('rw', database.attachments, async () => {
    if (await database.attachments.get(row.sha256)) return;
    await database.attachments.put({
      ...row,
      createdAt: new Date().toISOString(),
      uploaded: 1,
      unreferencedSince: null,
    });
  });
}

/** Lets a refused upload be tried again (after the owner has seen why, e.g. once the limit was raised). */
export async function retryUpload(sha256: string, database: NotesDatabase = db): Promise<void> {
  await database.uploads.where('sha256').equals(sha256).modify({ error: null });
}

/**
 * Removes files no note and no draft uses once they have been unused for the grace period (marked on the
 * first run that finds them unused), with any upload still queued for them.
 */
export async function collectLocalAttachmentGarbage(
  database: NotesDatabase = db,
  graceMs = ATTACHMENT_GC_GRACE_DAYS_DEFAULT * DAY_MS,
  now = new Date(),
): Promise<number> {
  return database.transaction(
    'rw',
    [database.notes, database.drafts, database.noteDrafts, database.attachments, database.uploads],
    async () => {
      const used = new Set<string>();
      // A locked note's references are inside its sealed text: read in memory while the vault is unlocked;
      // while one cannot be read, any file may be one of its own, so nothing is marked or removed.
      let unreadable = false;
      await database.notes.each((stored) => {
        const note = revealNote(stored);
        if (isSealedNote(note)) unreadable = true;
        for (const hash of attachmentHashes(note.content)) used.add(hash);
      });
      if (unreadable) return 0;
      await database.drafts.each((draft) => {
        for (const hash of attachmentHashes(draft.content)) used.add(hash);
      });
      await database.noteDrafts.each((draft) => {
        for (const hash of attachmentHashes(draft.content)) used.add(hash);
      });
      let removed = 0;
      const rows = await database.attachments.toCollection().primaryKeys();
      for (const sha256 of rows) {
        const row = await database.attachments.get(sha256);
        if (!row) continue;
        if (used.has(sha256)) {
          if (row.unreferencedSince !== null)
            await database.attachments.update(sha256, { unreferencedSince: null });
        } else if (row.unreferencedSince === null) {
          await database.attachments.update(sha256, { unreferencedSince: now.toISOString() });
        } else if (now.getTime() - Date.parse(row.unreferencedSince) >= graceMs) {
          await database.attachments.delete(sha256);
          await database.uploads.where('sha256').equals(sha256).delete();
          removed++;
        }
      }
      return removed;
    },
  );
}
