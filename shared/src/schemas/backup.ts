// Scheduled backups as the owner sees them on Import & Export: whether they run, how often, and how the last
// one went (written and verified, or failed with the reason). The server writes them by itself.
import { z } from 'zod';
import { IsoDateSchema } from './common.ts';

/** One backup attempt: a file that verified, or a failure with its reason. */
export const BackupRunSchema = z.object({
  at: IsoDateSchema,
  ok: z.boolean(),
  /** The archive's file name in BACKUP_DIR (null when none was kept). */
  file: z.string().nullable(),
  size: z.number().int().nonnegative().nullable(),
  /** Read back after writing: every entry's CRC, size and sha256 checked. */
  verified: z.boolean(),
  /** Why it failed, in words (null when it succeeded). */
  error: z.string().nullable(),
  /** How long the whole backup took, and how long writes waited on it (the store's snapshot). */
  durationMs: z.number().nonnegative(),
  pauseMs: z.number().nonnegative(),
});
export type BackupRun = z.infer<typeof BackupRunSchema>;

/** GET /api/admin/backups. */
export const BackupStatusSchema = z.object({
  /** False with BACKUP_INTERVAL_HOURS=0. */
  scheduled: z.boolean(),
  intervalHours: z.number().nonnegative(),
  keep: z.number().int().positive(),
  /** The last attempt, successful or not. */
  last: BackupRunSchema.nullable(),
  /** The newest backup that verified. */
  latest: BackupRunSchema.nullable(),
  /**
   * Whether that file is in this server's BACKUP_DIR, to download (with several instances on PostgreSQL, the
   * one that wrote it holds it).
   */
  latestHere: z.boolean(),
  /** When the next scheduled backup is due (null when not scheduled). */
  nextAt: IsoDateSchema.nullable(),
});
export type BackupStatus = z.infer<typeof BackupStatusSchema>;
