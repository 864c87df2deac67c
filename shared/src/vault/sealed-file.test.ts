import { describe, expect, it } from 'vitest';
import { attachmentHashes } from '../rules/attachment-markdown.ts';
import {
  fileKeyFromText,
  isSealedFile,
  newFileKey,
  openFile,
  SEALED_FILE_OVERHEAD,
  sealFile,
} from './sealed-file.ts';
import { sealedAttachmentKeys, sealedAttachmentMarkdown } from './sealed-file-link.ts';

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe('sealed files', () => {
  it('seals a file with its own key: no byte of it shows, and it opens back with that key only', () => {
    const { key, text } = newFileKey();
    const sealed = sealFile(key, PNG_HEAD);
    expect(sealed.length).toBe(PNG_HEAD.length + SEALED_FILE_OVERHEAD);
    expect(isSealedFile(sealed)).toBe(true);
    expect(isSealedFile(PNG_HEAD)).toBe(false);
    expect(Buffer.from(sealed).includes(Buffer.from(PNG_HEAD.slice(0, 8)))).toBe(false);
    expect(openFile(fileKeyFromText(text), sealed)).toEqual(PNG_HEAD);
    expect(() => openFile(newFileKey().key, sealed)).toThrow(/could not|decrypt/i);
    const changed = sealed.slice();
    changed[changed.length - 1]! ^= 1;
    expect(() => openFile(key, changed)).toThrow();
    expect(() => openFile(key, PNG_HEAD)).toThrow('This is not a locked file.');
    expect(() => fileKeyFromText('short')).toThrow(/damaged key/);
  });

  it('refers to a sealed file by the hash of its sealed bytes, its key in the fragment', () => {
    const { text } = newFileKey();
    const sha = 'a'.repeat(64);
    const markdown = sealedAttachmentMarkdown({
      sha256: sha,
      name: 'pic [1].png',
      mime: 'image/png',
      key: text,
    });
    expect(markdown).toBe(`![pic \\[1\\].png](/api/attachments/${sha}#pnfile=${text})`);
    expect(
      sealedAttachmentMarkdown({ sha256: sha, name: 'a.pdf', mime: 'application/pdf', key: text }),
    ).toMatch(/^\[a\.pdf\]/);
    expect(attachmentHashes(`x ${markdown} y`)).toEqual([sha]);
    expect([...sealedAttachmentKeys(`${markdown} ![plain](/api/attachments/${'b'.repeat(64)})`)]).toEqual([
      [sha, text],
    ]);
  });
});
