// The shapes an import passes through: files read into candidates (and report lines for what could not be
// read), a preview that sorts candidates into new and already here, then the write and its outcome per file.
import type { ImportedNote } from '@private-notes/shared/interchange/markdown-note';

/** A file an imported note uses: stored as an attachment in the same transaction as the note. */
export interface AttachmentRef {
  sha256: string;
  name: string;
  size: number;
  /** Reads the bytes again at the write: they are hashed at the preview and not kept in between. */
  read: () => Promise<Uint8Array>;
}

export interface ImportCandidate {
  /** Where it came from: "vault.zip › Travel/lisbon.md", "export.enex › note 12 “Sourdough”". */
  source: string;
  note: ImportedNote;
  warnings: string[];
  /** Files the note's text now links to as `/api/attachments/SHA`, to store with it. */
  attachments: AttachmentRef[];
  /** Where a markdown note sits among the files it came with (a zip, or the chosen folder and files). */
  origin?: { vault: ImportVaultKey; path: string };
  /** A locked note of this vault's locked export: opened at the write under `exportedId`, sealed again. */
  locked?: { text: string; exportedId: string };
  /** The local note it matches (by exported id, else by text), or null when it is new. */
  matchId: string | null;
  /** The source of an earlier candidate of this same import with the same note: this one is left out. */
  duplicateOf?: string;
}

export type ReportStatus = 'new' | 'here' | 'imported' | 'replaced' | 'skipped' | 'error' | 'not-imported';

export interface ReportLine {
  source: string;
  status: ReportStatus;
  message: string;
}

/** Which group of files a markdown note's relative links are resolved in (one per zip, one for the rest). */
export type ImportVaultKey = string;

export interface ImportScan {
  candidates: ImportCandidate[];
  /** Files and entries that are not notes, or could not be read: each with its reason. */
  problems: ReportLine[];
}

export interface ScanProgress {
  /** What is being read now (a file name). */
  current: string;
  /** Bytes read so far, of all the chosen files. */
  bytesDone: number;
  bytesTotal: number;
}
