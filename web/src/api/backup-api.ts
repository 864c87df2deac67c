// The owner's scheduled-backup calls (status, "back up now"), typed with the shared schema. Kept apart from
// api.ts, which sits in every public page's bundle: none of these is ever made from a public page.
import { API, type BackupStatus } from '@private-notes/shared';
import { apiRequest } from './request.ts';

export const BACKUP_STATUS_KEY = [API.adminBackups] as const;

export const backupApi = {
  status: (signal?: AbortSignal) => apiRequest<BackupStatus>(API.adminBackups, { signal }),
  /** Writes and verifies one now; answers the status with it as the last backup (409 while one is written). */
  backupNow: () => apiRequest<BackupStatus>(API.adminBackups, { method: 'POST', timeoutMs: 10 * 60_000 }),
  /** A plain link (a download), not a fetch: the browser saves the file. */
  latestUrl: API.adminBackupsLatest,
};
