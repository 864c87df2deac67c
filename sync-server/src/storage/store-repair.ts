// `npm run store:check` / `npm run store:repair` (store-check-cli.ts): what is damaged in an embedded
// store's DATA_DIR, and a repair that keeps a copy of the damaged files, recovers every intact record and
// says exactly what was lost. See docs/decisions/store-integrity-checksums.md.
import { copyFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { describeVaults } from '../vault/vault-check.ts';
import { acquireDirLock } from './dir-lock.ts';
import { Journal } from './journal.ts';
import type { JournalDamage } from './journal-records.ts';
import type { Op } from './ops.ts';
import { ReadView } from './read-view.ts';
import { startNewEpoch } from './restore-epoch.ts';
import { decodeSnapshot, SnapshotFile } from './snapshot-file.ts';
import { emptySnapshot, type Snapshot, State } from './state.ts';
import { EmbeddedStore, JOURNAL_FILE, SNAPSHOT_FILE } from './store.ts';

export interface StoreCheck {
  dir: string;
  snapshot: { status: 'ok' | 'unchecked' | 'missing' | 'damaged'; reason: string | null; seq: number | null };
  journal: { size: number; records: number; tornAt: number | null; damage: JournalDamage[] };
  /** True when the server would start without help (a torn tail it cuts off by itself counts as healthy). */
  healthy: boolean;
  /** What was found, one line each, for people. */
  lines: string[];
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Reads both files and says what is wrong with them; changes nothing. */
export async function checkStore(dir: string): Promise<StoreCheck> {
  const snapshotPath = path.join(dir, SNAPSHOT_FILE);
  const snapshot: StoreCheck['snapshot'] = { status: 'missing', reason: null, seq: null };
  let base: Snapshot | null = null;
  if (await exists(snapshotPath)) {
    try {
      const decoded = decodeSnapshot(await readFile(snapshotPath, 'utf8'));
      snapshot.status = decoded.checked ? 'ok' : 'unchecked';
      snapshot.seq = decoded.snapshot.seq;
      base = decoded.snapshot;
    } catch (error) {
      snapshot.status = 'damaged';
      snapshot.reason = (error as Error).message;
    }
  }
  const scan = await new Journal(path.join(dir, JOURNAL_FILE)).scan();
  const journal = { size: scan.size, records: scan.records.length, tornAt: scan.tornAt, damage: scan.damage };
  const lines: string[] = [];
  if (snapshot.status === 'ok') lines.push(`${SNAPSHOT_FILE}: intact (checksum verified).`);
  if (snapshot.status === 'unchecked')
    lines.push(`${SNAPSHOT_FILE}: readable, written before checksums (the next snapshot gets one).`);
  if (snapshot.status === 'damaged') lines.push(`${SNAPSHOT_FILE}: DAMAGED: ${snapshot.reason}.`);
  if (snapshot.status === 'missing')
    lines.push(`${SNAPSHOT_FILE}: MISSING${scan.size > 0 ? ` while ${JOURNAL_FILE} holds writes` : ''}.`);
  lines.push(`${JOURNAL_FILE}: ${scan.size} bytes, ${scan.records.length} intact record(s).`);
  for (const d of scan.damage)
    lines.push(
      `${JOURNAL_FILE}: DAMAGED record at byte ${d.offset} (${d.length} bytes, ${d.reason}` +
        `${d.seq === null ? '' : `, write #${d.seq}`}).`,
    );
  if (scan.tornAt !== null)
    lines.push(
      `${JOURNAL_FILE}: torn last record at byte ${scan.tornAt} (never acknowledged; the server cuts it off).`,
    );
  const healthy =
    scan.damage.length === 0 &&
    (snapshot.status === 'ok' ||
      snapshot.status === 'unchecked' ||
      (snapshot.status === 'missing' && scan.size === 0));
  if (healthy) {
    try {
      lines.push(...describeVaults(new ReadView(replayed(base ?? emptySnapshot(), scan.records))));
    } catch (error) {
      lines.push(`locked notes: not counted (${(error as Error).message}).`);
    }
  }
  return { dir, snapshot, journal, healthy, lines };
}

/** The data the server would load: the snapshot with the journal's writes past it applied (in memory only). */
function replayed(base: Snapshot, records: { record: { s: number; ops: Op[] } }[]): State {
  const state = State.fromSnapshot(base);
  for (const { record } of records) {
    if (record.s <= base.seq) continue;
    for (const op of record.ops) state.apply(op);
    state.seq = record.s;
  }
  return state;
}

export interface StoreRepair {
  check: StoreCheck;
  /** Where the damaged files were copied, or null when there was nothing to repair. */
  copies: string | null;
  /** Journal records kept (applied on top of the snapshot). */
  recovered: number;
  /** What could not be recovered, one line each. */
  lost: string[];
}

/** What a damaged record's text still tells (the records it touched), for the report. */
function describeDamaged(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  const json = text.startsWith('~') ? text.slice(text.indexOf('{')) : text;
  try {
    const ops = (JSON.parse(json) as { ops: Op[] }).ops;
    const touched = ops.map((op) =>
      'c' in op
        ? `${op.c}${'id' in op ? ` #${op.id}` : op.o === 'put' ? ` #${op.r.id}` : ''}`
        : `setting ${op.k}`,
    );
    return ` (it touched ${[...new Set(touched)].join(', ')}, contents unverified)`;
  } catch {
    return '';
  }
}

/**
 * Repairs `dir` (the server must be stopped: the folder's lock is taken): copies data.json and data.journal
 * into `dir/damaged-<time>/`, rebuilds the snapshot from everything intact, empties the journal, and checks
 * that the store opens. Returns what was recovered and what was lost.
 */
export async function repairStore(dir: string, now = new Date()): Promise<StoreRepair> {
  const unlock = await acquireDirLock(dir);
  let result: StoreRepair;
  try {
    const check = await checkStore(dir);
    if (check.healthy) return { check, copies: null, recovered: check.journal.records, lost: [] };
    const copies = path.join(dir, `damaged-${now.toISOString().replace(/[:.]/g, '-')}`);
    await mkdir(copies, { recursive: true, mode: 0o700 });
    for (const file of [SNAPSHOT_FILE, JOURNAL_FILE])
      if (await exists(path.join(dir, file))) await copyFile(path.join(dir, file), path.join(copies, file));

    const lost: string[] = [];
    let base: Snapshot | null = null;
    if (check.snapshot.status === 'ok' || check.snapshot.status === 'unchecked') {
      base = await new SnapshotFile(path.join(dir, SNAPSHOT_FILE)).read();
    } else if (check.snapshot.status === 'damaged') {
      // A checksum mismatch in a file that still parses: its records are kept, said to be unverified.
      const text = await readFile(path.join(dir, SNAPSHOT_FILE), 'utf8');
      try {
        base = decodeSnapshot(text.replace(/,"checksum":"[0-9a-f]{8}"\}\s*$/, '}')).snapshot;
        const count = Object.values(base.collections).flat().length;
        lost.push(
          `${SNAPSHOT_FILE} failed its checksum but still reads: its ${count} record(s) were kept as they are, ` +
            'and one of them may hold a changed value; compare with your last backup.',
        );
      } catch {
        base = null;
      }
    }
    const scan = await new Journal(path.join(dir, JOURNAL_FILE)).scan();
    if (base === null) {
      const first = scan.records[0]?.record.s;
      lost.push(
        `${SNAPSHOT_FILE} was ${check.snapshot.status === 'missing' ? 'missing' : 'unreadable'}: everything ` +
          `written before the journal's first intact write${first === undefined ? '' : ` (#${first})`} is lost ` +
          'from this folder. If you have a backup, restoring it (npm run restore) may bring more back.',
      );
      base = emptySnapshot();
    }
    const state = State.fromSnapshot(base);
    const journalBytes = await readFile(path.join(dir, JOURNAL_FILE)).catch(() => Buffer.alloc(0));
    for (const d of scan.damage)
      lost.push(
        `${JOURNAL_FILE} byte ${d.offset}: ${d.seq === null ? 'a write' : `write #${d.seq}`} (${d.reason})` +
          describeDamaged(journalBytes.subarray(d.offset, d.offset + d.length)),
      );
    let recovered = 0;
    for (const { record, offset } of scan.records) {
      if (record.s <= base.seq) continue;
      const undo: (() => void)[] = [];
      try {
        for (const op of record.ops) undo.push(state.apply(op));
        state.seq = Math.max(state.seq, record.s);
        recovered++;
      } catch (error) {
        for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
        lost.push(
          `${JOURNAL_FILE} byte ${offset}: write #${record.s} is intact but depends on a lost one ` +
            `(${(error as Error).message}); not applied.`,
        );
      }
    }
    const repaired = state.toSnapshot();
    // Writes were lost: devices that have them must send them again (see restore-epoch.ts).
    if (lost.length > 0) startNewEpoch(repaired, 'repair', null, now);
    await new SnapshotFile(path.join(dir, SNAPSHOT_FILE)).write(repaired);
    await rm(path.join(dir, JOURNAL_FILE), { force: true });
    result = { check, copies, recovered, lost };
  } finally {
    await unlock();
  }
  // The repaired folder must open as the server opens it.
  await (await EmbeddedStore.open(dir)).close();
  return result;
}
