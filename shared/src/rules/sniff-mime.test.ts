import { describe, expect, it } from 'vitest';
import { isInlineImage } from './attachment-types.ts';
import { sniffMime } from './sniff-mime.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'number' ? [v] : [...v].map((c) => c.charCodeAt(0)))));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('sniffMime', () => {
  it('knows the raster images by their magic numbers', () => {
    expect(sniffMime(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(sniffMime(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffMime(bytes('GIF89a', 1, 0))).toBe('image/gif');
    expect(sniffMime(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffMime(bytes(0, 0, 0, 0x1c, 'ftypavif', 0, 0))).toBe('image/avif');
  });

  it('knows common documents, archives and media', () => {
    expect(sniffMime(utf8('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffMime(bytes('PK', 3, 4, 20, 0))).toBe('application/zip');
    expect(sniffMime(bytes(0, 0, 0, 0x18, 'ftypisom'))).toBe('video/mp4');
    expect(sniffMime(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBe('audio/wav');
  });

  it('calls SVG and HTML what they are, whatever the file was named', () => {
    expect(sniffMime(utf8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe(
      'image/svg+xml',
    );
    expect(sniffMime(utf8('\ufeff  <?xml version="1.0"?>\n<svg></svg>'))).toBe('image/svg+xml');
    expect(sniffMime(utf8('<!DOCTYPE html><html><body>hi</body></html>'))).toBe('text/html');
    expect(sniffMime(utf8('\n<script>alert(1)</script>'))).toBe('text/html');
  });

  it('tells text from binary, and a cut multi-byte character does not make text binary', () => {
    expect(sniffMime(utf8('just some notes\n'))).toBe('text/plain');
    expect(sniffMime(utf8('{"a": 1}'))).toBe('application/json');
    expect(sniffMime(utf8(`${'a'.repeat(511)}é and more`))).toBe('text/plain');
    expect(sniffMime(bytes(0, 1, 2, 3, 0xfe, 0xff))).toBe('application/octet-stream');
    expect(sniffMime(new Uint8Array())).toBe('application/octet-stream');
  });

  it('lets only raster images be shown inline', () => {
    expect(isInlineImage('image/png')).toBe(true);
    expect(isInlineImage('image/svg+xml')).toBe(false);
    expect(isInlineImage('text/html')).toBe(false);
    expect(isInlineImage('application/octet-stream')).toBe(false);
  });
});
