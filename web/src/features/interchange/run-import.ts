// Second step of an import, after the owner chose: writes the new notes (and, if asked, the imported text over
// the notes already here) in batches through the outbox, and reports every file's outcome. A failing batch
// stops the import: the report says which notes are in and which are not, so nothing is half-imported silently.
import { db } from '../../db/db.ts';
import { type ImportWrite, writeImportBatch } from '../../db/import-notes.ts';
import type { NotesDatabase } from '../../db/notes-database.ts';
import type { ImportCandidate, ImportScan, ReportLine } from './import-types.ts';

export const IMPORT_BATCH = 500;

export interface ImportPreview {
  fresh: number;
  here: number;
  problems: number;
}

export function previewImport(scan: ImportScan): ImportPreview {
  let fresh = 0;
  let here = 0;
  for (const candidate of scan.candidates) {
    if (candidate.matchId === null && !candidate.duplicateOf) fresh++;
    else here++;
  }
  return { fresh, here, problems: scan.problems.filter((p) => p.status === 'error').length };
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

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function runImport(
  scan: ImportScan,
  choice: { replaceExisting: boolean },
  onProgress: (done: number, total: number) => void,
  database: NotesDatabase = db,
): Promise<ImportOutcome> {
  const lines: ReportLine[] = [];
  const planned: { candidate: ImportCandidate; write: ImportWrite }[] = [];
  for (const candidate of scan.candidates) {
    if (candidate.duplicateOf) {
      lines.push({
        source: candidate.source,
        status: 'skipped',
        message: `same note as ${candidate.duplicateOf}: skipped`,
      });
    } else if (candidate.matchId !== null && !choice.replaceExisting) {
      lines.push({ source: candidate.source, status: 'skipped', message: 'already here: skipped' });
    } else {
      planned.push({ candidate, write: { note: candidate.note, replaceId: candidate.matchId } });
    }
  }
  const outcome: ImportOutcome = { lines, imported: 0, replaced: 0, error: null };
  onProgress(0, planned.length);
  for (let start = 0; start < planned.length; start += IMPORT_BATCH) {
    const batch = planned.slice(start, start + IMPORT_BATCH);
    try {
      await writeImportBatch(
        batch.map((p) => p.write),
        database,
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
          message: withWarnings('imported', candidate),
        });
      } else {
        outcome.replaced++;
        lines.push({
          source: candidate.source,
          status: 'replaced',
          message: withWarnings('replaced the note already here (its text stays in History)', candidate),
        });
      }
    }
    onProgress(Math.min(start + batch.length, planned.length), planned.length);
    await yieldToPage();
  }
  outcome.lines.push(...scan.problems);
  return outcome;
}
