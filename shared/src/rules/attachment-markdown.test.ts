import { describe, expect, it } from 'vitest';
import {
  attachmentHashes,
  attachmentHashOf,
  attachmentMarkdown,
  fileTooLargeMessage,
  formatBytes,
} from './attachment-markdown.ts';

const A = 'a'.repeat(64);
const B = `${'0123456789abcdef'.repeat(4)}`;

describe('attachment references in markdown', () => {
  it('inserts an image for raster images and a link for other files', () => {
    expect(attachmentMarkdown({ sha256: A, name: 'photo.png', mime: 'image/png' })).toBe(
      `![photo.png](/api/attachments/${A})`,
    );
    expect(attachmentMarkdown({ sha256: A, name: 'draw.svg', mime: 'image/svg+xml' })).toBe(
      `[draw.svg](/api/attachments/${A})`,
    );
  });

  it('escapes brackets and line breaks in the name so the link stays whole', () => {
    expect(attachmentMarkdown({ sha256: A, name: 'a]b[c\nd', mime: 'text/plain' })).toBe(
      `[a\\]b\\[c d](/api/attachments/${A})`,
    );
  });

  it('finds every hash a text uses, once each, relative or absolute, with or without a width', () => {
    const text = `![x](/api/attachments/${A}) [y](https://blog.example/api/attachments/${B}?w=640) ![again](/api/attachments/${A})`;
    expect(attachmentHashes(text)).toEqual([A, B]);
    expect(attachmentHashes(`/api/attachments/${A}0`)).toEqual([]);
    expect(attachmentHashes(null)).toEqual([]);
  });

  it('reads the hash of one address, or null for anything else', () => {
    expect(attachmentHashOf(`/api/attachments/${A}`)).toBe(A);
    expect(attachmentHashOf(`https://x.test/api/attachments/${A}?w=320`)).toBe(A);
    expect(attachmentHashOf('https://elsewhere.test/cover.png')).toBeNull();
    expect(attachmentHashOf(`/api/attachments/${A}/../x`)).toBeNull();
  });

  it('formats sizes for messages', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(fileTooLargeMessage('big.bin', 30 * 1024 * 1024, 25 * 1024 * 1024)).toBe(
      'big.bin is too large (30 MB); files can be at most 25 MB',
    );
  });
});
