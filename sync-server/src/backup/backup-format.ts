// The backup archive's layout, shared by the writer (GET /api/admin/backup) and the restore command: a zip with
// backup.json (the store's whole snapshot: every collection, id counters and meta) and, when DATA_DIR has one,
// the attachments folder file for file.
import type { Snapshot } from '../storage/index.ts';

export const BACKUP_FORMAT = 'private-notes-backup';
export const BACKUP_VERSION = 1;
export const BACKUP_DATA_FILE = 'backup.json';
/** Attachments are files under DATA_DIR/attachments (content-addressed, never rewritten in place). */
export const ATTACHMENTS_DIR = 'attachments';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  snapshot: Snapshot;
}

export function backupFileName(at: Date): string {
  return `private-notes-backup-${at.toISOString().replace(/[:.]/g, '-')}.zip`;
}
