// Garbage collection of attachments nothing refers to: no note's content, no post's content or cover image,
// no version in a note's History, no note in the Trash, not the site's own images (icon, avatar), not a file a locked note declares (its `lockedFiles`), and none at
// all while a locked note without a declared list exists.
// The first run that finds one unreferenced marks it; a run at least the grace period later removes its record,
// then its bytes and variants. A later reference within the grace period clears the mark, so a file pasted
// into a note whose change has not synced yet, or one taken out and put back, is never lost.
import { attachmentHashes, attachmentHashOf } from '@private-notes/shared';
import { siteImageHashes } from '../services/site-service.ts';
import type { Store } from '../storage/index.ts';
import { anyUndeclaredLockedNote, declaredLockedFiles } from '../vault/locked-note-rules.ts';
import type { AttachmentService } from './attachment-service.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface GcResult {
  marked: number;
  removed: number;
  /** Files on disk that had no record (a crash between the rename and the record) and were old enough. */
  orphans: number;
}

export function referencedHashes(store: Store): Set<string> {
  const hashes = new Set<string>();
  for (const note of store.values('notes'))
    for (const hash of attachmentHashes(note.content)) hashes.add(hash);
  for (const post of store.values('posts')) {
    for (const hash of attachmentHashes(post.content)) hashes.add(hash);
    const cover = attachmentHashOf(post.imageUrl);
    if (cover) hashes.add(cover);
  }
  for (const hash of siteImageHashes(store)) hashes.add(hash);
  // What History and the Trash can bring back: a restored version or note finds its files still there. They
  // leave with the versions (thinned, purged with the note) and the Trash (30 days).
  for (const revision of store.values('noteRevisions'))
    for (const hash of attachmentHashes(revision.content)) hashes.add(hash);
  for (const tombstone of store.values('noteTombstones'))
    if (tombstone.trash) for (const hash of attachmentHashes(tombstone.trash.content)) hashes.add(hash);
  // A locked note's references are inside its ciphertext: its device declares them beside it. While one locked
  // note has declared nothing (locked by an older app), every attachment may be one of its references, so none
  // is collected (docs/decisions/locked-notes-cards-attachments.md).
  for (const hash of declaredLockedFiles(store)) hashes.add(hash);
  if (anyUndeclaredLockedNote(store))
    for (const attachment of store.values('attachments')) hashes.add(attachment.sha256);
  return hashes;
}

export async function collectAttachmentGarbage(
  store: Store,
  service: AttachmentService,
  graceMs: number,
  now = new Date(),
): Promise<GcResult> {
  const referenced = referencedHashes(store);
  const nowIso = now.toISOString();
  const due: string[] = [];
  const marked = await store.write((tx) => {
    let count = 0;
    for (const record of tx.all('attachments')) {
      if (referenced.has(record.sha256)) {
        if (record.unreferencedSince !== null)
          tx.update('attachments', record.id, { unreferencedSince: null });
      } else if (record.unreferencedSince === null) {
        tx.update('attachments', record.id, { unreferencedSince: nowIso });
        count++;
      } else if (now.getTime() - Date.parse(record.unreferencedSince) >= graceMs) {
        due.push(record.sha256);
      }
    }
    return count;
  });
  let removed = 0;
  for (const sha256 of due)
    if (await service.removeIfUnreferenced(sha256, () => referencedHashes(store))) removed++;
  let orphans = 0;
  for (const sha256 of await service.files.list()) {
    if (service.get(sha256)) continue;
    if (await service.removeOrphanFile(sha256, graceMs, now.getTime())) orphans++;
  }
  await service.files.removeStaleTemps(DAY_MS, now.getTime());
  return { marked, removed, orphans };
}

/**
 * Runs the collection now and then on a timer (unref'd: it never keeps the process alive). A shared job
 * runner may take this over; until then each run is independent and safe to repeat.
 */
export function startAttachmentGc(
  store: Store,
  service: AttachmentService,
  options: { intervalMs: number; graceMs: number; firstRunMs?: number },
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await collectAttachmentGarbage(store, service, options.graceMs);
    } catch (error) {
      console.error('Attachment garbage collection failed:', error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, options.firstRunMs ?? 60_000);
  const interval = setInterval(run, options.intervalMs);
  first.unref();
  interval.unref();
  return () => {
    clearTimeout(first);
    clearInterval(interval);
  };
}
