// Which kept revisions of a note may go: every save keeps the version it replaced, and this rule thins them
// as they age so a note edited all day does not keep thousands of copies. Pure, so the server's background
// job and the tests share it.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Every revision younger than this is kept. */
export const THIN_KEEP_ALL_MS = DAY_MS;
/** From THIN_KEEP_ALL_MS up to this age, the newest revision of each hour is kept; after it, of each day. */
export const THIN_HOURLY_UNTIL_MS = 7 * DAY_MS;

export interface ThinnableRevision {
  id: number;
  /** When the revision was kept (ISO). */
  createdAt: string;
  reason: string;
}

/** Pinned revisions are never thinned: anything but an ordinary edit (a rewrite, restore, import, conflict, merge…). */
export function isPinnedRevision(revision: Pick<ThinnableRevision, 'reason'>): boolean {
  return revision.reason !== 'edit';
}

/**
 * The bucket an unpinned revision falls in, or null while it is kept whatever happens. Buckets are UTC hours
 * (then UTC days), fixed on the calendar so a revision never moves from one bucket to another between runs
 * except into a coarser one.
 */
function bucketOf(createdAtMs: number, nowMs: number): string | null {
  const age = nowMs - createdAtMs;
  if (age < THIN_KEEP_ALL_MS) return null;
  if (age < THIN_HOURLY_UNTIL_MS) return `h${Math.floor(createdAtMs / HOUR_MS)}`;
  return `d${Math.floor(createdAtMs / DAY_MS)}`;
}

/**
 * The ids of one note's revisions that thinning removes at `now`: for each hourly (1–7 days old) or daily
 * (older) bucket, every unpinned revision but the newest. Revisions under a day old and pinned ones stay.
 * Retention (the oldest age kept at all) is a separate rule.
 */
export function revisionsToThin(revisions: readonly ThinnableRevision[], now: Date): number[] {
  const nowMs = now.getTime();
  const newest = new Map<string, ThinnableRevision>();
  const inBucket: Array<[string, ThinnableRevision]> = [];
  for (const revision of revisions) {
    if (isPinnedRevision(revision)) continue;
    const bucket = bucketOf(Date.parse(revision.createdAt), nowMs);
    if (bucket === null) continue;
    inBucket.push([bucket, revision]);
    const held = newest.get(bucket);
    if (!held || isNewer(revision, held)) newest.set(bucket, revision);
  }
  return inBucket.filter(([bucket, revision]) => newest.get(bucket) !== revision).map(([, r]) => r.id);
}

function isNewer(a: ThinnableRevision, b: ThinnableRevision): boolean {
  return a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);
}

/**
 * A save that changes more than half of the text is a rewrite, and the version before it is pinned. Measured
 * as the stretch between the common start and the common end of both texts (linear, so a save of a long note
 * stays fast): a change in one place counts its size, edits at both ends count everything between them.
 */
export function isLargeRewrite(before: string, after: string): boolean {
  if (before.length === 0) return false;
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  )
    end++;
  const changedBefore = before.length - start - end;
  return changedBefore * 2 > before.length;
}
