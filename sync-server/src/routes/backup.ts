// GET /api/admin/backup (owner only): a lossless archive of everything the server holds, streamed as a zip
// download. Restore it with `npm run restore -- FILE --data-dir DIR` (see backup/restore-backup.ts).
// /api/admin/backups: the scheduled backups' status (GET), one written and verified now (POST), and the newest
// verified one as a download (GET …/latest).
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { API } from '@private-notes/shared';
import { Router } from 'express';
import { backupFileName } from '../backup/backup-format.ts';
import { BackupBusyError } from '../backup/backup-service.ts';
import { writeBackup } from '../backup/write-backup.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/http-error.ts';

export function createBackupRouter({ auth, store, config, services }: Deps): Router {
  const router = Router();

  router.get(API.adminBackup, auth.requireUser, async (_req, res) => {
    const now = new Date();
    res.setHeader('content-type', 'application/zip');
    res.setHeader('content-disposition', `attachment; filename="${backupFileName(now)}"`);
    // Holds password hashes and the session secret: never kept by a cache on the way.
    res.setHeader('cache-control', 'no-store');
    try {
      // View counts are batched in memory: write them first, so the backup holds every view so far.
      await services.blog.flushViews();
      await writeBackup(store, config.dataDir, res, now);
      res.end();
    } catch (error) {
      // Headers are gone already: cutting the connection is the only honest answer, and the zip stays invalid.
      console.error('Backup failed:', error);
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });

  router.get(API.adminBackups, auth.requireUser, (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json(services.backups.status());
  });

  router.post(API.adminBackups, auth.requireUser, async (_req, res) => {
    try {
      await services.backups.backupNow();
    } catch (error) {
      if (error instanceof BackupBusyError) throw new HttpError(409, error.message);
      throw error;
    }
    res.setHeader('cache-control', 'no-store');
    res.json(services.backups.status());
  });

  router.get(API.adminBackupsLatest, auth.requireUser, async (_req, res) => {
    const latest = await services.backups.latestFile();
    if (!latest) throw new HttpError(404, 'No verified backup is kept on this server yet.');
    res.setHeader('content-type', 'application/zip');
    res.setHeader('content-length', String(latest.size));
    res.setHeader('content-disposition', `attachment; filename="${latest.name}"`);
    res.setHeader('cache-control', 'no-store');
    await pipeline(createReadStream(latest.file), res);
  });

  return router;
}
