// `npm run restore -- FILE --data-dir DIR [--force]`: restores a backup downloaded from Import & Export (or
// GET /api/admin/backup) into DIR (default: DATA_DIR from the environment). Stop the server first.
import { loadConfig } from '../config.ts';
import { RestoreError, restoreBackup } from './restore-backup.ts';

const USAGE = 'Usage: npm run restore -- BACKUP.zip --data-dir DIR [--force]';

function parseArgs(argv: string[]): { file: string; dataDir: string; force: boolean } {
  let file: string | null = null;
  let dataDir: string | null = null;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--force') force = true;
    else if (arg === '--data-dir') dataDir = argv[++i] ?? null;
    else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
    else if (arg.startsWith('-')) throw new RestoreError(`unknown option ${arg}\n${USAGE}`);
    else if (file === null) file = arg;
    else throw new RestoreError(`one backup file at a time\n${USAGE}`);
  }
  if (file === null) throw new RestoreError(`which backup file?\n${USAGE}`);
  return { file, dataDir: dataDir ?? loadConfig().dataDir, force };
}

try {
  const { file, dataDir, force } = parseArgs(process.argv.slice(2));
  const summary = await restoreBackup(file, dataDir, { force });
  const counts = Object.entries(summary.counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  console.log(`Restored the backup of ${summary.createdAt} into ${summary.dataDir}`);
  if (summary.movedAside) console.log(`The folder's earlier contents were moved to ${summary.movedAside}`);
  console.log(`Records: ${counts}; attachments: ${summary.attachments}`);
  console.log('Start the server with this DATA_DIR to use it.');
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Nothing was changed in the data folder unless a line above says so.');
  process.exitCode = 1;
}
