// Builds the export zip in the page (no worker: the CSP allows only same-origin workers, and fflate's own
// workers are blob: URLs). Notes are compressed a slice at a time, yielding between slices so the progress bar
// moves and the page stays responsive with thousands of notes. Attachments go first, one at a time, stored as
// they are (images are compressed already) into `_resources/`, so the notes can link to the names they got.
// The finished parts are folded into Blobs as the zip grows, which the browser may keep on disk.
import { exportWikiLinks, titleKey } from '@private-notes/shared';
import { exportAttachmentLinks } from '@private-notes/shared/interchange/file-links';
import { FileNamer } from '@private-notes/shared/interchange/file-names';
import {
  type ExportableLockedNote,
  LOCKED_NOTE_FILE_TITLE,
  lockedNoteToMarkdown,
} from '@private-notes/shared/interchange/locked-note-file';
import { type ExportableNote, noteToMarkdown } from '@private-notes/shared/interchange/markdown-note';
import { deflateSync, strToU8, Zip, ZipPassThrough } from 'fflate';

/** The folder an export keeps attachments in (readable by Obsidian and Joplin); reserved among note names. */
export const RESOURCES_FOLDER = '_resources';
const SLICE = 250;

/**
 * A zip entry deflated in one call. fflate's ZipDeflate builds a streaming compressor per file, whose buffers
 * cost more than compressing a small note (10,000 notes: 7.9 s against 2.3 s here); a note's text is whole
 * anyway. Overriding process() is the extension fflate documents for custom compression.
 */
class WholeFileDeflate extends ZipPassThrough {
  constructor(filename: string) {
    super(filename);
    this.compression = 8;
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    // Two pushes would make two deflate streams in one entry: an unreadable file.
    if (!final) throw new Error('A note is added to the zip in one piece');
    this.ondata(null, deflateSync(chunk, { level: 6 }), final);
  }
}

export interface ExportProgress {
  /** Files are written first, then notes. */
  phase: 'files' | 'notes';
  done: number;
  total: number;
}

/** A file to write to `_resources/`, or null when its bytes cannot be had (its links then stay as they are). */
export type LoadAttachment = (sha256: string) => Promise<{ name: string; bytes: Uint8Array } | null>;

export interface ExportZip {
  blob: Blob;
  /** How many files went into `_resources/`. */
  files: number;
  /** Hashes that were asked for and could not be had. */
  missing: string[];
}

/** Past this many bytes of finished zip parts, they are folded into a Blob. */
const FOLD_BYTES = 16 * 1024 * 1024;

/** "photo.jpg" → ["photo", ".jpg"]; a name without a type keeps no extension. */
function splitName(name: string): [string, string] {
  const match = /^(.+?)(\.[A-Za-z0-9]{1,10})$/.exec(name);
  return match ? [match[1]!, match[2]!] : [name, ''];
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Zip timestamps are DOS dates: 1980 to 2107. Outside that, the entry gets the zip tool's default. */
function zipTime(iso: string): Date | undefined {
  const date = new Date(iso);
  const year = date.getUTCFullYear();
  return year >= 1980 && year < 2100 ? date : undefined;
}

export async function buildExportZip(
  notes: readonly ExportableNote[],
  onProgress: (progress: ExportProgress) => void = () => {},
  attachments: { hashes: readonly string[]; load: LoadAttachment } = { hashes: [], load: async () => null },
  /** Locked notes kept as they are stored (ciphertext), one "Locked note N.md" each, after the others. */
  lockedNotes: readonly ExportableLockedNote[] = [],
): Promise<ExportZip> {
  const parts: BlobPart[] = [];
  let pending: Uint8Array<ArrayBuffer>[] = [];
  let pendingBytes = 0;
  const fold = () => {
    if (pending.length > 0) parts.push(new Blob(pending));
    pending = [];
    pendingBytes = 0;
  };
  let failure: Error | null = null;
  let finished = false;
  const zip = new Zip((error, data, final) => {
    if (error) failure = error;
    else {
      pending.push(data as Uint8Array<ArrayBuffer>);
      pendingBytes += data.length;
    }
    if (final) finished = true;
  });

  const paths = new Map<string, string>();
  const missing: string[] = [];
  const fileNamer = new FileNamer();
  const { hashes } = attachments;
  for (const [index, sha256] of hashes.entries()) {
    onProgress({ phase: 'files', done: index, total: hashes.length });
    const file = await attachments.load(sha256);
    if (file === null) {
      missing.push(sha256);
      continue;
    }
    const [base, extension] = splitName(file.name);
    const path = `${RESOURCES_FOLDER}/${fileNamer.next(base, extension)}`;
    paths.set(sha256, path);
    const entry = new ZipPassThrough(path);
    zip.add(entry);
    entry.push(file.bytes, true);
    if (failure) throw failure;
    if (pendingBytes >= FOLD_BYTES) fold();
    await yieldToPage();
  }

  const namer = new FileNamer([RESOURCES_FOLDER]);
  const fileNames = notes.map((note) => namer.next(note.title));
  // [[Links]] name files in a vault: where a note's file name differs from its title, links point at the file.
  const fileOfTitle = new Map<string, string>();
  notes.forEach((note, index) => {
    const key = titleKey(note.title);
    if (!fileOfTitle.has(key)) fileOfTitle.set(key, fileNames[index]!.replace(/\.md$/, ''));
  });
  const fileOf = (title: string) => fileOfTitle.get(titleKey(title));
  for (let index = 0; index < notes.length; index++) {
    const note = notes[index]!;
    const mtime = zipTime(note.updatedAt);
    const file = new WholeFileDeflate(fileNames[index]!);
    if (mtime) file.mtime = mtime;
    zip.add(file);
    // Notes sit at the zip's root, so a file's path in the zip is also its relative link.
    const linked = exportWikiLinks(note.content, fileOf);
    const content = paths.size === 0 ? linked : exportAttachmentLinks(linked, (sha) => paths.get(sha));
    file.push(strToU8(noteToMarkdown({ ...note, content })), true);
    if (failure) throw failure;
    if ((index + 1) % SLICE === 0) {
      onProgress({ phase: 'notes', done: index + 1, total: notes.length });
      if (pendingBytes >= FOLD_BYTES) fold();
      await yieldToPage();
    }
  }
  for (const [index, note] of lockedNotes.entries()) {
    const file = new WholeFileDeflate(namer.next(LOCKED_NOTE_FILE_TITLE));
    const mtime = zipTime(note.updatedAt);
    if (mtime) file.mtime = mtime;
    zip.add(file);
    file.push(strToU8(lockedNoteToMarkdown(note)), true);
    if (failure) throw failure;
    if ((index + 1) % SLICE === 0) {
      if (pendingBytes >= FOLD_BYTES) fold();
      await yieldToPage();
    }
  }
  zip.end();
  if (failure) throw failure;
  if (!finished) throw new Error('The zip was not completed');
  onProgress({ phase: 'notes', done: notes.length, total: notes.length });
  fold();
  return { blob: new Blob(parts, { type: 'application/zip' }), files: paths.size, missing };
}
