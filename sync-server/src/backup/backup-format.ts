// The backup archive's layout, shared by the writer (GET /api/admin/backup, scheduled backups) and the restore
// command: a zip with backup.json (the store's whole snapshot: every collection, id counters and meta), when
// DATA_DIR has one the attachments folder file for file, and last manifest.json, which lists every other
// entry with its size and sha256 so a restore can prove the archive is the one that was written.
import type { Snapshot } from '../storage/index.ts';

export const BACKUP_FORMAT = 'private-notes-backup';
export const BACKUP_VERSION = 1;
export const BACKUP_DATA_FILE = 'backup.json';
export const BACKUP_MANIFEST_FILE = 'manifest.json';
/** Attachments are files under DATA_DIR/attachments (content-addressed, never rewritten in place). */
export const ATTACHMENTS_DIR = 'attachments';
/** Captured mail (MAIL_TRANSPORT=capture): DATA_DIR/mail/*.eml, which the Outbox's records point at. */
export const MAIL_DIR = 'mail';
export const MAIL_ENTRY = /^mail\/[A-Za-z0-9][A-Za-z0-9._-]*\.eml$/;
/** An attachment's own bytes sit under their sha256 (variants and temp files sit in subfolders). */
export const ATTACHMENT_ENTRY = /^attachments\/([0-9a-f]{64})$/;

/** backup.json: the store's data. */
export interface BackupData {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  snapshot: Snapshot;
}

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

/** manifest.json: every other entry of the archive, as written. */
export interface BackupEntryManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  entries: ManifestEntry[];
  /**
   * Locked notes in backup.json (live and in the Trash): held as ciphertext only, opened by the owner's vault
   * alone. Absent in archives written before it was counted.
   */
  lockedNotes?: number;
}

export function backupFileName(at: Date): string {
  return `private-notes-backup-${at.toISOString().replace(/[:.]/g, '-')}.zip`;
}
