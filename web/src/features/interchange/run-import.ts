// Second step of an import, after the owner chose: writes the new notes (and, if asked, the imported text over
// the notes already here) in batches through the outbox, and reports every file's outcome. A failing batch
// stops the import: the report says which notes are in and which are not, so nothing is half-imported silently.
// The files the notes use are read again just before their batch is written and stored in its transaction; a
// batch also ends once its new files reach IMPORT_BATCH_BYTES, so memory holds a bounded slice of them.
import { AttachmentRefusedError, attachmentMaxBytes, prepareAttachment } from '../../db/attachment-store.ts';
import { db } from '../../db/db.ts';
import { type ImportWrite, writeImportBatch } from '../../db/import-notes.ts';
import type { NotesDatabase } from '../../db/notes-database.ts';
import type { LocalAttachment } from '../../db/types.ts';
import type { AttachmentRef, ImportCandidate, ImportScan, ReportLine } from './import-types.ts';
import { lockedCandidateCount, openLockedCandidate } from './locked-import.ts';

export const IMPORT_BATCH = 500;
/** Attachment bytes one batch may carry (a single note with more still makes a batch of its own). */
export const IMPORT_BATCH_BYTES = 64 * 1024 * 1024;

type Planned = { candidate: ImportCandidate; write: ImportWrite };

/** Consecutive slices of at most IMPORT_BATCH notes and, past the first note, IMPORT_BATCH_BYTES of files. */
function batches(planned: readonly Planned[]): Planned[][] {
  const out: Planned[][] = [];
  let batch: Planned[] = [];
  let bytes = 0;
  const seen = new Set<string>();
  for (const item of planned) {
    const fresh = item.candidate.attachments.filter((a) => !seen.has(a.sha256));
    const size = fresh.reduce((sum, a) => sum + a.size, 0);
    if (batch.length > 0 && (batch.length >= IMPORT_BATCH || bytes + size > IMPORT_BATCH_BYTES)) {
      out.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
    for (const a of fresh) seen.add(a.sha256);
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/**
 * The batch's files this device does not have yet, read again and checked against the hash the preview saw
 * (a file changed since then stops the import rather than store other bytes than the note links to).
 */
async function loadFiles(
  batch: readonly Planned[],
  database: NotesDatabase,
  maxBytes: number,
): Promise<LocalAttachment[]> {
  const wanted = new Map<string, AttachmentRef>();
  for (const { candidate } of batch) for (const ref of candidate.attachments) wanted.set(ref.sha256, ref);
  if (wanted.size === 0) return [];
  const stored = new Set(
    await database.attachments
      .where('sha256')
      .anyOf([...wanted.keys()])
      .primaryKeys(),
  );
  const rows: LocalAttachment[] = [];
  for (const ref of wanted.values()) {
    if (stored.has(ref.sha256)) continue;
    let row: LocalAttachment;
    try {
      const bytes = await ref.read();
      const own =
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
          ? (bytes.buffer as ArrayBuffer)
          : bytes.slice().buffer;
      row = await prepareAttachment({ bytes: own, name: ref.name }, maxBytes);
    } catch (error) {
      const reason =
        error instanceof AttachmentRefusedError
          ? error.message
          : `${ref.name} could not be read again (${error instanceof Error ? error.message : 'unreadable'})`;
      throw new Error(reason);
    }
    if (row.sha256 !== ref.sha256) throw new Error(`${ref.name} changed since the preview`);
    rows.push(row);
  }
  return rows;
}

export interface ImportPreview {
  fresh: number;
  here: number;
  problems: number;
  /** Locked notes of this vault's export among them (they need the vault unlocked to be written). */
  locked: number;
}

export function previewImport(scan: ImportScan): ImportPreview {
  let fresh = 0;
  let here = 0;
  for (const candidate of scan.candidates) {
    if (candidate.matchId === null && !candidate.duplicateOf) fresh++;
    else here++;
  }
  return {
    fresh,
    here,
    problems: scan.problems.filter((p) => p.status === 'error').length,
    locked: lockedCandidateCount(scan),
  };
}

export interface ImportOutcome {
  lines: ReportLine[];
  imported: number;
  replaced: number;
  /** Set when a batch failed: the import stopped there. */
  error: string | null;
}

function withWarnings(message: string, candidate: ImportCandidate): string {
  return candidate.warnings.length === 0 ? message : `${message}; ${candidate.warnings.join('; ')}`;
}

function withFiles(message: string, candidate: ImportCandidate): string {
  const count = candidate.attachments.length;
  return count === 0 ? message : `${message} with ${count === 1 ? '1 attachment' : `${count} attachments`}`;
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function runImport(
  scan: ImportScan,
  /** `lock`: every note written as a locked note (sealed here; the vault must be unlocked). */
  choice: { replaceExisting: boolean; lock?: boolean },
  onProgress: (done: number, total: number) => void,
  database: NotesDatabase = db,
): Promise<ImportOutcome> {
  const lines: ReportLine[] = [];
  const planned: Planned[] = [];
  for (const candidate of scan.candidates) {
    if (candidate.duplicateOf) {
      lines.push({
        source: candidate.source,
        status: 'skipped',
        message: `same note as ${candidate.duplicateOf}: skipped`,
      });
    } else if (candidate.matchId !== null && !choice.replaceExisting) {
      lines.push({ source: candidate.source, status: 'skipped', message: 'already here: skipped' });
    } else if (candidate.locked) {
      // Opened in memory only; the write seals it again under its new (or replaced) note's id.
      try {
        const note = openLockedCandidate(candidate);
        planned.push({ candidate, write: { note, replaceId: candidate.matchId, lock: true } });
      } catch (error) {
        lines.push({
          source: candidate.source,
          status: 'error',
          message: `this locked note could not be opened (${error instanceof Error ? error.message : 'unreadable'}): not imported`,
        });
      }
    } else {
      const write = { note: candidate.note, replaceId: candidate.matchId, lock: choice.lock === true };
      planned.push({ candidate, write });
    }
  }
  const outcome: ImportOutcome = { lines, imported: 0, replaced: 0, error: null };
  const maxBytes = await attachmentMaxBytes(database);
  onProgress(0, planned.length);
  let start = 0;
  for (const batch of batches(planned)) {
    try {
      const files = await loadFiles(batch, database, maxBytes);
      await writeImportBatch(
        batch.map((p) => p.write),
        database,
        new Date(),
        files,
      );
    } catch (error) {
      outcome.error = `Import stopped after ${start} of ${planned.length} notes: ${error instanceof Error ? error.message : 'the browser database refused the write'}`;
      for (const { candidate } of planned.slice(start)) {
        lines.push({
          source: candidate.source,
          status: 'not-imported',
          message: 'not imported: the import stopped before this note',
        });
      }
      break;
    }
    for (const { candidate, write } of batch) {
      if (write.replaceId === null) {
        outcome.imported++;
        lines.push({
          source: candidate.source,
          status: 'imported',
          message: withWarnings(
            withFiles(write.lock ? 'imported as a locked note' : 'imported', candidate),
            candidate,
          ),
        });
      } else {
        outcome.replaced++;
        lines.push({
          source: candidate.source,
          status: 'replaced',
          message: withWarnings(
            withFiles('replaced the note already here (its text stays in History)', candidate),
            candidate,
          ),
        });
      }
    }
    start += batch.length;
    onProgress(start, planned.length);
    await yieldToPage();
  }
  outcome.lines.push(...scan.problems);
  return outcome;
}
