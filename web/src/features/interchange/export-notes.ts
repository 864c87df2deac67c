// "Export notes": every live note in the browser's database (so it works offline), one markdown file each, in a
// zip the browser downloads, with the files the notes use in `_resources/`. A file not on this device is fetched
// from the server when it can be; one that cannot be had leaves its links as they were, and the result names it
// with the notes that use it. Links to blog posts made from notes are added when the server can be asked.
// Locked notes (issue 34) are kept as they are stored, ciphertext, one "Locked note N.md" each; only an export
// the owner asked for in plain text (after a warning, with the vault unlocked) opens them, on this device.
import { API, attachmentHashes, isLockedNoteText, postPath } from '@private-notes/shared';
import type { ExportableLockedNote } from '@private-notes/shared/interchange/locked-note-file';
import type { ExportableNote } from '@private-notes/shared/interchange/markdown-note';
import { api } from '../../api/api.ts';
import { sha256Hex } from '../../db/attachment-store.ts';
import { db } from '../../db/db.ts';
import { canOpenLockedNotes, openStoredNote } from '../../db/locked-note-codec.ts';
import type { NotesDatabase } from '../../db/notes-database.ts';
import { dispositionName } from '../../sync/fetch-attachments.ts';
import { type BytesRequest, createBytesRequest } from '../../sync/sync-http.ts';
import { buildExportZip, type ExportProgress, type LoadAttachment } from './build-export-zip.ts';

export interface MissingFile {
  sha256: string;
  /** The name the notes' links give it (their link text), for the summary. */
  name: string;
  /** Titles of the notes that use it. */
  notes: string[];
}

export interface ExportResult {
  blob: Blob;
  fileName: string;
  count: number;
  /** Locked notes kept encrypted (all of them, unless the export was asked for in plain text). */
  locked: number;
  /** Locked notes written in plain text (an export asked for in plain text). */
  unlocked: number;
  /** Files written to `_resources/`. */
  files: number;
  /** Files the notes use that neither this device nor the server could give: their links were kept as is. */
  missing: MissingFile[];
  /** False when the blog could not be asked (offline): the files then carry no `post` links. */
  withPostLinks: boolean;
}

/** Post addresses by the server id of the note each was made from; null when the server cannot be reached. */
async function postLinks(origin: string): Promise<Map<number, string> | null> {
  try {
    // Offline or slow: the export goes on without the links rather than wait.
    const posts = await api.adminPosts(AbortSignal.timeout(3000));
    const links = new Map<number, string>();
    for (const post of posts) {
      if (post.sourceNoteId) links.set(post.sourceNoteId, `${origin}${postPath(post)}`);
    }
    return links;
  } catch {
    return null;
  }
}

export function exportFileName(now: Date): string {
  return `private-notes-export-${now.toISOString().slice(0, 10)}.zip`;
}

/** The text of the first link to `sha256` in `content` ("photo.jpg" in `![photo.jpg](/api/attachments/…)`). */
function linkText(content: string, sha256: string): string | null {
  const match = new RegExp(`\\[((?:\\\\.|[^\\]\\\\\\n])*)\\]\\([^)\\s]*${sha256}`).exec(content);
  const text = match?.[1]?.replace(/\\(.)/g, '$1').trim();
  return text ? text : null;
}

/** Bytes from the browser's database, else from the server (checked against the hash); null when neither. */
function attachmentLoader(
  database: NotesDatabase,
  bytesRequest: BytesRequest,
  linkNames: Map<string, string>,
): LoadAttachment {
  let serverReachable = typeof navigator === 'undefined' || navigator.onLine !== false;
  return async (sha256) => {
    const row = await database.attachments.get(sha256);
    if (row) return { name: row.name, bytes: new Uint8Array(row.bytes) };
    if (!serverReachable) return null;
    try {
      // The request ends on its own deadline (sync-http.ts): a server that never answers fails it.
      const answer = await bytesRequest('GET', API.attachment(sha256));
      if (answer.status !== 200 || !answer.bytes) return null;
      if ((await sha256Hex(answer.bytes)) !== sha256) return null;
      const name =
        dispositionName(answer.headers.get('content-disposition')) ??
        linkNames.get(sha256) ??
        sha256.slice(0, 12);
      return { name, bytes: new Uint8Array(answer.bytes) };
    } catch {
      // Offline or the server is down: the other files are not tried, rather than wait for each.
      serverReachable = false;
      return null;
    }
  };
}

export async function exportNotes(
  onProgress: (progress: ExportProgress) => void,
  options: {
    database?: NotesDatabase;
    origin?: string;
    now?: Date;
    links?: boolean;
    bytesRequest?: BytesRequest;
    /**
     * Locked notes in plain text: only when the owner asked, after the warning, with the vault unlocked here.
     * A locked note that cannot be opened (another vault's, damaged) is still kept encrypted.
     */
    unlocked?: boolean;
  } = {},
): Promise<ExportResult> {
  const database = options.database ?? db;
  if (options.unlocked && !canOpenLockedNotes())
    throw new Error('unlock your locked notes first, to export them in plain text');
  const links = options.links === false ? null : await postLinks(options.origin ?? location.origin);
  const rows = await database.notes.filter((note) => !note.deleted).toArray();
  rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const notes: ExportableNote[] = [];
  const lockedNotes: ExportableLockedNote[] = [];
  let unlocked = 0;
  for (const row of rows) {
    let note = row;
    if (isLockedNoteText(row.content)) {
      try {
        if (!options.unlocked) throw new Error('kept locked');
        note = openStoredNote(row);
        unlocked++;
      } catch {
        const { id, content: text, createdAt, updatedAt } = row;
        lockedNotes.push({ id, text, createdAt, updatedAt });
        continue;
      }
    }
    notes.push({
      id: note.id,
      title: note.title,
      content: note.content,
      tags: note.tags,
      createdAt: note.createdAt,
      updatedAt: note.updatedAt,
      post: note.serverId === null ? undefined : links?.get(note.serverId),
    });
  }
  // Each file once, in order of first use; with the notes that use it, for the summary.
  const users = new Map<string, string[]>();
  const linkNames = new Map<string, string>();
  for (const note of notes) {
    for (const sha256 of attachmentHashes(note.content)) {
      const titles = users.get(sha256);
      if (titles) titles.push(note.title);
      else users.set(sha256, [note.title]);
      if (!linkNames.has(sha256)) {
        const text = linkText(note.content, sha256);
        if (text) linkNames.set(sha256, text);
      }
    }
  }
  const load = attachmentLoader(database, options.bytesRequest ?? createBytesRequest(), linkNames);
  const zip = await buildExportZip(notes, onProgress, { hashes: [...users.keys()], load }, lockedNotes);
  return {
    blob: zip.blob,
    fileName: exportFileName(options.now ?? new Date()),
    count: notes.length + lockedNotes.length,
    locked: lockedNotes.length,
    unlocked,
    files: zip.files,
    missing: zip.missing.map((sha256) => ({
      sha256,
      name: linkNames.get(sha256) ?? sha256.slice(0, 12),
      // In title order, whatever order the notes were read in: the summary reads the same every time.
      notes: [...(users.get(sha256) ?? [])].sort((a, b) => a.localeCompare(b)),
    })),
    withPostLinks: links !== null,
  };
}
