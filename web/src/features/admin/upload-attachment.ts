// Posts are edited online, straight against the server: a file for a post (cover image, or pasted into its
// content) is checked against the limit here, then PUT to its hash at once. Errors read '{status}: {message}'.
import {
  API,
  ATTACHMENT_MAX_BYTES_DEFAULT,
  type Attachment,
  AttachmentSchema,
  fileTooLargeMessage,
  NETWORK_ERROR,
} from '@private-notes/shared';
import { errorFromResponse } from '../../api/request.ts';
import { cleanFileName, knownAttachmentLimits, sha256Hex } from '../../db/attachment-store.ts';

export async function uploadAttachment(file: File): Promise<Attachment> {
  const bytes = await file.arrayBuffer();
  const name = cleanFileName(file.name);
  const maxBytes = (await knownAttachmentLimits())?.maxBytes ?? ATTACHMENT_MAX_BYTES_DEFAULT;
  if (bytes.byteLength > maxBytes) throw new Error(fileTooLargeMessage(name, bytes.byteLength, maxBytes));
  const sha256 = await sha256Hex(bytes);
  let response: Response;
  try {
    response = await fetch(`${API.attachment(sha256)}?name=${encodeURIComponent(name)}`, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
      body: bytes,
    });
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return AttachmentSchema.parse(await response.json());
}
