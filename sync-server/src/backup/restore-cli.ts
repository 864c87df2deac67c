// `npm run restore -- FILE --data-dir DIR [--force]`: restores a backup downloaded from Import & Export (or
// GET /api/admin/backup, or one the server wrote on schedule into BACKUP_DIR) into DIR (default: DATA_DIR from
// the environment or .env, as the server reads it). Stop the server first.
// `npm run restore -- --verify FILE`: checks a backup (CRCs, manifest sizes and hashes, attachment names,
// the snapshot) without restoring anything.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { RestoreError, restoreBackup } from './restore-backup.ts';
import { verifyBackupFile } from './verify-backup.ts';

const USAGE =
  'Usage: npm run restore -- BACKUP.zip --data-dir DIR [--force] [--without-manifest]\n' +
  '       npm run restore -- --verify BACKUP.zip [--without-manifest]';

// The same .env the server reads, so DATA_DIR set there is the default here too.
const envFile = path.resolve(import.meta.dirname, '../../../.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

interface Args {
  file: string;
  dataDir: string | null;
  force: boolean;
  verifyOnly: boolean;
  /** An archive from before manifests: checked by CRC and attachment names only (asked for explicitly). */
  withoutManifest: boolean;
}

function parseArgs(argv: string[]): Args {
  let file: string | null = null;
  let dataDir: string | null = null;
  let force = false;
  let verifyOnly = false;
  let withoutManifest = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--force') force = true;
    else if (arg === '--verify') verifyOnly = true;
    else if (arg === '--without-manifest') withoutManifest = true;
    else if (arg === '--data-dir') dataDir = argv[++i] ?? null;
    else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
    else if (arg.startsWith('-')) throw new RestoreError(`unknown option ${arg}\n${USAGE}`);
    else if (file === null) file = arg;
    else throw new RestoreError(`one backup file at a time\n${USAGE}`);
  }
  if (file === null) throw new RestoreError(`which backup file?\n${USAGE}`);
  if (verifyOnly && (force || dataDir !== null))
    throw new RestoreError(`--verify restores nothing: it takes no --data-dir or --force\n${USAGE}`);
  return { file, dataDir, force, verifyOnly, withoutManifest };
}

const describeCounts = (counts: Record<string, number | undefined>) =>
  Object.entries(counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');

let verifying = process.argv.includes('--verify');
try {
  const args = parseArgs(process.argv.slice(2));
  verifying = args.verifyOnly;
  if (args.verifyOnly) {
    const backup = await verifyBackupFile(args.file, { withoutManifest: args.withoutManifest });
    console.log(`The backup of ${backup.data!.createdAt} in ${args.file} is intact (${backup.bytes} bytes)`);
    console.log(`Records: ${describeCounts(backup.counts)}; attachments: ${backup.attachments.length}`);
    if (!backup.hasManifest) {
      console.log(
        'It has no manifest (--without-manifest): checked by CRC and attachment names only, so a changed or ' +
          'removed note or file cannot be detected.',
      );
    }
  } else {
    const summary = await restoreBackup(args.file, args.dataDir ?? loadConfig().dataDir, {
      force: args.force,
      withoutManifest: args.withoutManifest,
    });
    console.log(`Restored the backup of ${summary.createdAt} into ${summary.dataDir}`);
    if (summary.movedAside) console.log(`The folder's earlier contents were moved to ${summary.movedAside}`);
    console.log(`Records: ${describeCounts(summary.counts)}; attachments: ${summary.attachments}`);
    console.log('Start the server with this DATA_DIR to use it.');
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (verifying) {
    console.error(`Verify failed: ${message}`);
  } else {
    console.error(`Restore failed: ${message}`);
    console.error('Nothing was changed in the data folder unless a line above says so.');
  }
  process.exitCode = 1;
}
