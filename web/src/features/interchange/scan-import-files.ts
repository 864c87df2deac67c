// First step of an import: reads the chosen files (markdown files, a folder, zips, Evernote exports) into
// candidates, with a report line for everything that is not a note, and matches each candidate against the
// notes already here. Nothing is written yet: the owner sees the preview and chooses.

import { parseMarkdownNote } from '@private-notes/shared/interchange/markdown-note';
import { ExistingNotes } from '@private-notes/shared/interchange/match-key';
import { db } from '../../db/db.ts';
import type { NotesDatabase } from '../../db/notes-database.ts';
import type { ImportScan, ScanProgress } from './import-types.ts';
import { readEnex } from './read-enex.ts';
import { decodeNoteText, isNoteFile, notANoteReason } from './read-text-file.ts';
import { readZip } from './read-zip.ts';

const PENDING = 'pending:';

/** A chosen file; `webkitRelativePath` is set when a folder was chosen. */
export type ChosenFile = File;

function pathOf(file: ChosenFile): string {
  return file.webkitRelativePath || file.name;
}

async function readNoteFile(file: ChosenFile, scan: ImportScan): Promise<void> {
  const path = pathOf(file);
  const decoded = decodeNoteText(new Uint8Array(await file.arrayBuffer()));
  if (!decoded.ok) {
    scan.problems.push({ source: path, status: 'error', message: `${decoded.error}: not imported` });
    return;
  }
  const parsed = parseMarkdownNote(decoded.text, path);
  if (!parsed.ok) {
    scan.problems.push({ source: path, status: 'error', message: `${parsed.error}: not imported` });
    return;
  }
  // A loose file's own modification time is its best date when the text names none.
  const fileDate = file.lastModified > 0 ? new Date(file.lastModified).toISOString() : null;
  const note = { ...parsed.note, updatedAt: parsed.note.updatedAt ?? fileDate };
  scan.candidates.push({ source: path, note, warnings: parsed.warnings, matchId: null });
}

export async function scanImportFiles(
  files: readonly ChosenFile[],
  onProgress: (progress: ScanProgress) => void,
  database: NotesDatabase = db,
): Promise<ImportScan> {
  const scan: ImportScan = { candidates: [], problems: [] };
  const bytesTotal = files.reduce((sum, file) => sum + file.size, 0);
  let bytesDone = 0;
  for (const file of files) {
    const current = pathOf(file);
    onProgress({ current, bytesDone, bytesTotal });
    const onBytes = (bytes: number) => {
      bytesDone += bytes;
      onProgress({ current, bytesDone, bytesTotal });
    };
    const start = bytesDone;
    if (/\.zip$/i.test(file.name)) await readZip(file, scan, onBytes);
    else if (/\.enex$/i.test(file.name)) await readEnex(file, scan, onBytes);
    else if (isNoteFile(file.name)) await readNoteFile(file, scan);
    else scan.problems.push({ source: current, status: 'skipped', message: notANoteReason(current) });
    bytesDone = start + file.size;
  }
  onProgress({ current: '', bytesDone: bytesTotal, bytesTotal });
  const local = await database.notes.filter((note) => !note.deleted).toArray();
  const existing = new ExistingNotes(local);
  for (const candidate of scan.candidates) {
    const match = existing.match(candidate.note);
    // Two copies of one note in the same import: the second is left out, naming the first.
    if (match?.startsWith(PENDING)) candidate.duplicateOf = match.slice(PENDING.length);
    else candidate.matchId = match;
    if (match === null) existing.add(candidate.note, `${PENDING}${candidate.source}`);
  }
  return scan;
}
