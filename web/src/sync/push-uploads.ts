// Uploads queued attachment files: PUT /api/attachments/{sha256} with the bytes. A HEAD first skips files the
// server already has (another device uploaded them, or an earlier answer was lost). Refusals (413 too large or
// over quota, 400) stay in the queue with the server's reason; unreachable/5xx/401 end the round like notes.
import { API, type AttachmentLimits, AttachmentLimitsSchema } from '@private-notes/shared';
import { saveAttachmentLimits } from '../db/attachment-store.ts';
import type { NotesDatabase } from '../db/notes-database.ts';
import type { UploadEntry } from '../db/types.ts';
import { type BytesRequest, describeAnswer, throwIfStopping } from './sync-http.ts';

export interface UploadContext {
  db: NotesDatabase;
  bytesRequest: BytesRequest;
}

async function markUploaded(db: NotesDatabase, entry: UploadEntry): Promise<void> {
  await db.transaction('rw', db.uploads, db.attachments, async () => {
    await db.uploads.delete(entry.seq!);
    await db.attachments.update(entry.sha256, { uploaded: 1 });
  });
}

/** Keeps the server's limits for checks made offline (the next paste of a too-large file is refused at once). */
async function refreshLimits(ctx: UploadContext): Promise<AttachmentLimits | null> {
  const answer = await ctx.bytesRequest('GET', API.attachmentLimits);
  throwIfStopping(answer);
  const parsed = AttachmentLimitsSchema.safeParse(answer.body);
  if (!parsed.success) return null;
  await saveAttachmentLimits(parsed.data, ctx.db);
  return parsed.data;
}

/** Uploads every queued file not refused before, one at a time (files can be large); returns how many went up. */
export async function pushUploads(ctx: UploadContext): Promise<number> {
  const { db, bytesRequest } = ctx;
  const entries = await db.uploads
    .orderBy('seq')
    .filter((entry) => entry.error === null)
    .toArray();
  if (entries.length === 0) return 0;
  await refreshLimits(ctx);
  let sent = 0;
  for (const entry of entries) {
    const row = await db.attachments.get(entry.sha256);
    if (!row) {
      await db.uploads.delete(entry.seq!);
      continue;
    }
    const path = API.attachment(entry.sha256);
    const head = await bytesRequest('HEAD', path);
    throwIfStopping(head);
    if (head.status === 200) {
      await markUploaded(db, entry);
      continue;
    }
    const answer = await bytesRequest('PUT', `${path}?name=${encodeURIComponent(row.name)}`, row.bytes);
    throwIfStopping(answer);
    if (answer.status === 200 || answer.status === 201) {
      await markUploaded(db, entry);
      sent++;
    } else {
      await db.uploads.update(entry.seq!, { error: describeAnswer(answer) });
    }
  }
  return sent;
}
