// `npm run store:check [-- DIR]`: lists what is damaged in an embedded store's data folder (exit 1 if the
// server would refuse to start). `npm run store:repair [-- DIR]`: with the server stopped, keeps a copy of
// the damaged files, recovers every intact record and says what was lost. DIR defaults to DATA_DIR (from
// the environment or .env, as the server reads it). See README, "When the disk is full".
import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkStore, repairStore } from './store-repair.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const envFile = path.join(REPO_ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

const args = process.argv.slice(2);
const repair = args.includes('--repair');
const positional = args.filter((arg) => !arg.startsWith('--'));
const dir = path.resolve(positional[0] ?? (process.env.DATA_DIR || path.join(REPO_ROOT, 'data')));
const name = repair ? 'store:repair' : 'store:check';

try {
  if (!existsSync(dir)) throw new Error(`${dir} does not exist`);
  if (!repair) {
    const check = await checkStore(dir);
    console.log(`Checked ${dir}:`);
    for (const line of check.lines) console.log(`  ${line}`);
    console.log(
      check.healthy
        ? 'The store is healthy: the server starts on it.'
        : 'The store is damaged: the server will not start on it. Stop the server and run `npm run store:repair`.',
    );
    process.exitCode = check.healthy ? 0 : 1;
  } else {
    const result = await repairStore(dir);
    console.log(`Checked ${dir}:`);
    for (const line of result.check.lines) console.log(`  ${line}`);
    if (result.copies === null) {
      console.log('Nothing to repair: the server starts on this folder as it is.');
    } else {
      console.log(`Copies of the files as they were: ${result.copies}`);
      console.log(`Recovered: the snapshot and ${result.recovered} intact journal write(s).`);
      if (result.lost.length === 0) console.log('Lost: nothing.');
      else {
        console.log('Lost:');
        for (const line of result.lost) console.log(`  ${line}`);
      }
      console.log('The store is repaired; the server starts on it.');
    }
  }
} catch (error) {
  console.error(`${name}: ${(error as Error).message}`);
  process.exitCode = 2;
}
