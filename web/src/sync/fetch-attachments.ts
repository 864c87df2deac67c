// Brings the files a note uses onto this device: GET /api/attachments/{sha256}, checked against the hash
// before it is stored, so a cut or altered download is never kept. Missing ones (404) are left for later.
import { API, SNIFF_BYTES, sniffMime } from '@private-notes/shared';
import { saveDownloadedAttachment, sha256Hex } from '../db/attachment-store.ts';
import type { NotesDatabase } from '../db/notes-database.ts';
import type { BytesRequest } from './sync-http.ts';

/** The file name from `Content-Disposition` (RFC 6266 `filename*` first), or null. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header);
  return plain ? plain[1]! : null;
}

/** Fetches the hashes not on this device yet; returns how many were stored. Network errors propagate. */
export async function fetchAttachments(
  db: NotesDatabase,
  bytesRequest: BytesRequest,
  hashes: readonly string[],
): Promise<number> {
  const have = await db.attachments.bulkGet([...hashes]);
  let stored = 0;
  for (const [index, sha256] of hashes.entries()) {
    if (have[index]) continue;
    const answer = await bytesRequest('GET', API.attachment(sha256));
    if (answer.status !== 200 || !answer.bytes) continue;
    if ((await sha256Hex(answer.bytes)) !== sha256) continue;
    await saveDownloadedAttachment(
      {
        sha256,
        mime: sniffMime(new Uint8Array(answer.bytes, 0, Math.min(SNIFF_BYTES, answer.bytes.byteLength))),
        size: answer.bytes.byteLength,
        name: dispositionName(answer.headers.get('content-disposition')) ?? sha256.slice(0, 12),
        bytes: answer.bytes,
      },
      db,
    );
    stored++;
  }
  return stored;
}
