// How a locked note's markdown refers to a sealed attachment (issue 34; no cryptography here, so the notes
// screen's first paint can parse it): the ordinary address of the stored bytes (the SHA-256 of the ciphertext),
// with the file's own key in the fragment, which browsers never send to a server:
//
//   ![photo.png](/api/attachments/<sha256 of the sealed bytes>#pnfile=<32-byte key, base64url>)
//
// The key is only ever inside the locked note's sealed text, so whoever can read the note can open its files and
// nobody else can; copying the markdown into another locked note keeps the image working, and a vault-key
// rotation has nothing to re-seal. See docs/decisions/locked-notes-cards-attachments.md.
import { attachmentPath } from '../rules/attachment-markdown.ts';
import { isInlineImage } from '../rules/attachment-types.ts';

export const SEALED_FILE_FRAGMENT = 'pnfile';
const KEY_TEXT = '[A-Za-z0-9_-]{43}';
const SEALED_REFERENCE = new RegExp(
  `/api/attachments/([0-9a-f]{64})#${SEALED_FILE_FRAGMENT}=(${KEY_TEXT})`,
  'g',
);

/** The sealed files a text refers to: hash of the sealed bytes → the file key (base64url), each once. */
export function sealedAttachmentKeys(text: string | null | undefined): Map<string, string> {
  const keys = new Map<string, string>();
  if (!text) return keys;
  for (const match of text.matchAll(SEALED_REFERENCE))
    if (!keys.has(match[1]!)) keys.set(match[1]!, match[2]!);
  return keys;
}

/** The address of a sealed file, its key in the fragment. */
export function sealedAttachmentPath(sha256: string, keyText: string): string {
  return `${attachmentPath(sha256)}#${SEALED_FILE_FRAGMENT}=${keyText}`;
}

/** `![name](address#pnfile=key)` for an image, `[name](address#pnfile=key)` otherwise. */
export function sealedAttachmentMarkdown(file: {
  sha256: string;
  name: string;
  mime: string;
  key: string;
}): string {
  const text = file.name.replace(/[\r\n]+/g, ' ').replace(/([\\[\]])/g, '\\$1');
  return `${isInlineImage(file.mime) ? '!' : ''}[${text}](${sealedAttachmentPath(file.sha256, file.key)})`;
}
