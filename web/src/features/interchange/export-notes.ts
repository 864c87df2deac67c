// "Export notes": every live note in the browser's database (so it works offline), one markdown file each, in a
// zip the browser downloads. Links to blog posts made from notes are added when the server can be asked.
import { postPath } from '@private-notes/shared';
import type { ExportableNote } from '@private-notes/shared/interchange/markdown-note';
import { api } from '../../api/api.ts';
import { db } from '../../db/db.ts';
import type { NotesDatabase } from '../../db/notes-database.ts';
import { buildExportZip, type ExportProgress } from './build-export-zip.ts';

export interface ExportResult {
  blob: Blob;
  fileName: string;
  count: number;
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

export async function exportNotes(
  onProgress: (progress: ExportProgress) => void,
  options: { database?: NotesDatabase; origin?: string; now?: Date; links?: boolean } = {},
): Promise<ExportResult> {
  const database = options.database ?? db;
  const links = options.links === false ? null : await postLinks(options.origin ?? location.origin);
  const rows = await database.notes.filter((note) => !note.deleted).toArray();
  rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const notes: ExportableNote[] = rows.map((note) => ({
    id: note.id,
    title: note.title,
    content: note.content,
    tags: note.tags,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    post: note.serverId === null ? undefined : links?.get(note.serverId),
  }));
  const blob = await buildExportZip(notes, onProgress);
  return {
    blob,
    fileName: exportFileName(options.now ?? new Date()),
    count: notes.length,
    withPostLinks: links !== null,
  };
}
