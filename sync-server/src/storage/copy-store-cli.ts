// `npm run store:copy -- --from <DATA_DIR | postgres://…> --to <postgres://… | DATA_DIR>` (see README,
// "Moving to PostgreSQL"). Prints what it copied, or why it refused.
import { parseArgs } from 'node:util';
import { copyStore, isDatabaseUrl } from './copy-store.ts';
import { describeDatabaseUrl } from './postgres/database-url.ts';

const USAGE = 'Usage: npm run store:copy -- --from <DATA_DIR | postgres://…> --to <postgres://… | DATA_DIR>';

try {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.from || !values.to) throw new Error(USAGE);
  const name = (location: string) => (isDatabaseUrl(location) ? describeDatabaseUrl(location) : location);
  const counts = await copyStore(values.from, values.to);
  console.log(`Copied ${name(values.from)} → ${name(values.to)}:`);
  for (const [collection, n] of Object.entries(counts)) console.log(`  ${collection}: ${n}`);
} catch (error) {
  console.error(`store:copy: ${(error as Error).message}`);
  process.exitCode = 1;
}
