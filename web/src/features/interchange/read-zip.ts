// Reads a zip of markdown files as a stream (fflate's Unzip over the File's stream): entries come out one by
// one, so memory holds one note at a time, not the archive. A file that is not a zip, a damaged entry or an
// archive cut short each get their own message; nothing of a broken entry is used. Other files are only named
// here: the notes' links decide which of them become attachments (import-vault.ts).
import { parseMarkdownNote } from '@private-notes/shared/interchange/markdown-note';
import { Unzip, type UnzipFile, UnzipInflate, unzipSync } from 'fflate';
import type { ImportCandidate, ImportScan, ImportVaultKey } from './import-types.ts';
import { decodeNoteText, isNoteFile, MARKDOWN_FILE_MAX_BYTES } from './read-text-file.ts';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function concat(parts: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Zips up to this size are read whole (one pass over the central directory: 5 times quicker). */
export const WHOLE_ZIP_MAX_BYTES = 256 * 1024 * 1024;

/** Reads the zip's notes into `scan` (their origin is `vault`); returns the paths of its other files. */
export async function readZip(
  file: Blob & { name: string },
  scan: ImportScan,
  onBytes: (bytes: number) => void,
  vault: ImportVaultKey,
): Promise<string[]> {
  const others: string[] = [];
  const label = (path: string) => `${file.name} › ${path}`;
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  if (head.length < 4 || ZIP_MAGIC.some((byte, i) => head[i] !== byte)) {
    scan.problems.push({
      source: file.name,
      status: 'error',
      message: 'not a zip file (or a damaged one): nothing imported from it',
    });
    onBytes(file.size);
    return others;
  }
  const finish = (path: string, bytes: Uint8Array | null, error: string | null) => {
    if (error) {
      scan.problems.push({
        source: label(path),
        status: 'error',
        message: `could not be unpacked (${error}): not imported`,
      });
      return;
    }
    const decoded = decodeNoteText(bytes!);
    if (!decoded.ok) {
      scan.problems.push({ source: label(path), status: 'error', message: `${decoded.error}: not imported` });
      return;
    }
    const parsed = parseMarkdownNote(decoded.text, path);
    if (!parsed.ok) {
      scan.problems.push({ source: label(path), status: 'error', message: `${parsed.error}: not imported` });
      return;
    }
    const candidate: ImportCandidate = {
      source: label(path),
      note: parsed.note,
      warnings: parsed.warnings,
      attachments: [],
      origin: { vault, path },
      matchId: null,
    };
    scan.candidates.push(candidate);
  };
  if (file.size <= WHOLE_ZIP_MAX_BYTES) {
    const whole = new Uint8Array(await file.arrayBuffer());
    let files: Record<string, Uint8Array> | null = null;
    try {
      files = unzipSync(whole, {
        // Only notes are inflated; everything else is reported without being unpacked.
        filter: (entry) => {
          if (entry.name.endsWith('/')) return false;
          if (!isNoteFile(entry.name)) {
            others.push(entry.name);
            return false;
          }
          return true;
        },
      });
    } catch {
      // Damaged somewhere: the streaming reader below says which entries are whole and which are not.
    }
    if (files !== null) {
      for (const [name, bytes] of Object.entries(files)) finish(name, bytes, null);
      if (Object.keys(files).length === 0 && others.length === 0) {
        scan.problems.push({
          source: file.name,
          status: 'error',
          message: 'no files found in this zip: it is empty or damaged',
        });
      }
      onBytes(file.size);
      return others;
    }
    // The whole-file pass may have listed some before it failed: the streaming pass lists them again.
    others.length = 0;
  }
  const open = new Map<UnzipFile, { parts: Uint8Array[]; size: number; tooBig: boolean }>();
  let entries = 0;
  const unzip = new Unzip((entry) => {
    entries++;
    if (entry.name.endsWith('/')) return; // a folder entry
    if (!isNoteFile(entry.name)) {
      others.push(entry.name);
      return;
    }
    const state = { parts: [] as Uint8Array[], size: 0, tooBig: false };
    open.set(entry, state);
    entry.ondata = (error, data, final) => {
      if (!open.has(entry)) return;
      if (error) {
        open.delete(entry);
        finish(entry.name, null, error.message);
        return;
      }
      state.size += data.length;
      if (state.size > MARKDOWN_FILE_MAX_BYTES) state.tooBig = true;
      else state.parts.push(data);
      if (!final) return;
      open.delete(entry);
      if (state.tooBig)
        finish(entry.name, null, `too large for a note (${(state.size / 1048576).toFixed(1)} MB)`);
      else finish(entry.name, concat(state.parts, state.size), null);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      unzip.push(value);
      onBytes(value.length);
    }
    unzip.push(new Uint8Array(0), true);
  } catch (error) {
    scan.problems.push({
      source: file.name,
      status: 'error',
      message: `the zip is damaged (${error instanceof Error ? error.message : 'unreadable'}): the entries listed before this were read, the rest were not`,
    });
  }
  for (const entry of open.keys()) {
    scan.problems.push({
      source: label(entry.name),
      status: 'error',
      message: 'cut short: the zip ends inside this file, so it was not imported',
    });
  }
  if (entries === 0) {
    scan.problems.push({
      source: file.name,
      status: 'error',
      message: 'no files found in this zip: it is empty or damaged',
    });
  }
  return others;
}
