// GET /api/admin/backup (owner only): a lossless archive of everything the server holds, streamed as a zip
// download. Restore it with `npm run restore -- FILE --data-dir DIR` (see backup/restore-backup.ts).
import { API } from '@private-notes/shared';
import { Router } from 'express';
import type { Deps } from '../app.ts';
import { backupFileName } from '../backup/backup-format.ts';
import { writeBackup } from '../backup/write-backup.ts';

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

  return router;
}
