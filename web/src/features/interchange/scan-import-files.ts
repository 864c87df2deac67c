// First step of an import: reads the chosen files (markdown files, a folder, zips, Evernote exports) into
// candidates, with a report line for everything that is not a note. The files a note links to are hashed and its
// links rewritten to attachment addresses before each candidate is matched against the notes already here, so
// a note exported with its images and imported again is recognised by its text. Nothing is written yet: the
// owner sees the preview and chooses.

import { isLockedNoteFile } from '@private-notes/shared/interchange/locked-note-file';
import { parseMarkdownNote } from '@private-notes/shared/interchange/markdown-note';
import { ExistingNotes } from '@private-notes/shared/interchange/match-key';
import { attachmentMaxBytes } from '../../db/attachment-store.ts';
import { db } from '../../db/db.ts';
import { revealNote } from '../../db/locked-note-codec.ts';
import type { NotesDatabase } from '../../db/notes-database.ts';
import type { ImportScan, ScanProgress } from './import-types.ts';
import { attachVaultFiles, ImportVault } from './import-vault.ts';
import { linkImportedNotes } from './link-imported-notes.ts';
import { prepareLockedFiles, readableLockedCandidate, vaultKeyIdsOf } from './locked-import.ts';
import { readEnex } from './read-enex.ts';
import { decodeNoteText, isNoteFile } from './read-text-file.ts';
import { readZip } from './read-zip.ts';
import { readZipDirectory, readZipEntry } from './zip-directory.ts';

const PENDING = 'pending:';
/** The vault of the loose files and chosen folders (each zip is a vault of its own). */
const LOOSE = 'loose';

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
  scan.candidates.push({
    source: path,
    note,
    warnings: parsed.warnings,
    attachments: [],
    origin: { vault: LOOSE, path },
    matchId: null,
  });
}

/** The zip's other files, readable one at a time through its table of contents. */
async function zipVault(file: ChosenFile, others: readonly string[]): Promise<ImportVault> {
  const label = (path: string) => `${file.name} › ${path}`;
  let directory: Awaited<ReturnType<typeof readZipDirectory>>;
  try {
    directory = await readZipDirectory(file);
  } catch (error) {
    const vault = new ImportVault(
      label,
      `the zip's table of contents cannot be read: ${error instanceof Error ? error.message : 'damaged'}`,
    );
    for (const path of others)
      vault.add({ path, size: 0, read: () => Promise.reject(new Error('unreadable')) });
    return vault;
  }
  const vault = new ImportVault(label);
  for (const path of others) {
    const entry = directory.get(path);
    if (entry) {
      vault.add({ path, size: entry.size, read: () => readZipEntry(file, entry) });
    }
  }
  return vault;
}

export async function scanImportFiles(
  files: readonly ChosenFile[],
  onProgress: (progress: ScanProgress) => void,
  database: NotesDatabase = db,
): Promise<ImportScan> {
  const scan: ImportScan = { candidates: [], problems: [] };
  const maxBytes = await attachmentMaxBytes(database);
  const vaults = new Map<string, ImportVault>([[LOOSE, new ImportVault((path) => path)]]);
  const bytesTotal = files.reduce((sum, file) => sum + file.size, 0);
  let bytesDone = 0;
  for (const [index, file] of files.entries()) {
    const current = pathOf(file);
    onProgress({ current, bytesDone, bytesTotal });
    const onBytes = (bytes: number) => {
      bytesDone += bytes;
      onProgress({ current, bytesDone, bytesTotal });
    };
    const start = bytesDone;
    if (/\.zip$/i.test(file.name)) {
      const key = `zip:${index}`;
      const others = await readZip(file, scan, onBytes, key);
      if (others.length > 0) vaults.set(key, await zipVault(file, others));
    } else if (/\.enex$/i.test(file.name)) await readEnex(file, scan, onBytes, maxBytes);
    else if (isNoteFile(file.name)) await readNoteFile(file, scan);
    else {
      const bytes = async () => new Uint8Array(await file.arrayBuffer());
      vaults.get(LOOSE)!.add({ path: current, size: file.size, read: bytes });
    }
    bytesDone = start + file.size;
  }
  // Locked files of this vault's export are kept as they are until the write; another vault's stop the import.
  if (scan.candidates.some((c) => isLockedNoteFile(c.note.content)))
    prepareLockedFiles(scan, await vaultKeyIdsOf(database));
  linkImportedNotes(scan.candidates);
  // Files linked from the notes: hashed one at a time, each once, the links pointed at the attachments.
  const linked = scan.candidates.filter((c) => c.origin);
  for (const [done, candidate] of linked.entries()) {
    const { vault: key, path } = candidate.origin!;
    const vault = vaults.get(key);
    onProgress({
      current: `Attachments of ${candidate.source} (${done + 1} of ${linked.length})`,
      bytesDone,
      bytesTotal,
    });
    await attachVaultFiles(candidate, vault ?? new ImportVault((p) => p), path, maxBytes);
  }
  for (const vault of vaults.values()) scan.problems.push(...vault.unusedFiles());
  onProgress({ current: '', bytesDone: bytesTotal, bytesTotal });
  // Locked notes are matched by their text too while the vault is unlocked (in memory), by id otherwise.
  const local = (await database.notes.filter((note) => !note.deleted).toArray()).map(revealNote);
  const existing = new ExistingNotes(local);
  for (const candidate of scan.candidates) {
    // A locked file is recognised by its id, and by its text while the vault is unlocked (read in memory only).
    const matchable = candidate.locked
      ? (readableLockedCandidate(candidate) ?? candidate.note)
      : candidate.note;
    const match = existing.match(matchable);
    // Two copies of one note in the same import: the second is left out, naming the first.
    if (match?.startsWith(PENDING)) candidate.duplicateOf = match.slice(PENDING.length);
    else candidate.matchId = match;
    if (match === null) existing.add(matchable, `${PENDING}${candidate.source}`);
  }
  return scan;
}
