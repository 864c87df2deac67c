// Tells a file's type from its first bytes (magic numbers), never from its name: the server decides from this
// whether a file may be shown inline, so a renamed HTML page is still served as a download.

/** How many leading bytes sniffMime looks at; pass at least this many when you have them. */
export const SNIFF_BYTES = 512;

interface Magic {
  mime: string;
  offset: number;
  bytes: number[];
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const MAGIC: Magic[] = [
  { mime: 'image/png', offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', offset: 0, bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', offset: 0, bytes: ascii('GIF87a') },
  { mime: 'image/gif', offset: 0, bytes: ascii('GIF89a') },
  { mime: 'image/bmp', offset: 0, bytes: ascii('BM') },
  { mime: 'image/tiff', offset: 0, bytes: [0x49, 0x49, 0x2a, 0x00] },
  { mime: 'image/tiff', offset: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { mime: 'application/pdf', offset: 0, bytes: ascii('%PDF-') },
  { mime: 'application/zip', offset: 0, bytes: [0x50, 0x4b, 0x03, 0x04] },
  { mime: 'application/gzip', offset: 0, bytes: [0x1f, 0x8b] },
  { mime: 'application/x-7z-compressed', offset: 0, bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { mime: 'audio/mpeg', offset: 0, bytes: ascii('ID3') },
  { mime: 'audio/ogg', offset: 0, bytes: ascii('OggS') },
  { mime: 'audio/flac', offset: 0, bytes: ascii('fLaC') },
  { mime: 'video/webm', offset: 0, bytes: [0x1a, 0x45, 0xdf, 0xa3] },
];

/** RIFF containers: the form type at offset 8 names the format. */
const RIFF: Record<string, string> = { WEBP: 'image/webp', WAVE: 'audio/wav', 'AVI ': 'video/x-msvideo' };
/** ISO base media (ftyp box): the major brand at offset 8 names the format. */
const FTYP: Record<string, string> = {
  avif: 'image/avif',
  avis: 'image/avif',
  heic: 'image/heic',
  heix: 'image/heic',
  mif1: 'image/heif',
  'qt  ': 'video/quicktime',
  'M4A ': 'audio/mp4',
};

function matches(bytes: Uint8Array, magic: Magic): boolean {
  if (bytes.length < magic.offset + magic.bytes.length) return false;
  return magic.bytes.every((b, i) => bytes[magic.offset + i] === b);
}

function text(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
}

/** Markup that a browser would run as a page, or render as SVG (which can carry script). */
function sniffMarkup(head: string): string | null {
  const start = head
    .replace(/^\ufeff/, '')
    .trimStart()
    .toLowerCase();
  if (/^<svg[\s>]/.test(start)) return 'image/svg+xml';
  if (/^<\?xml/.test(start)) return start.includes('<svg') ? 'image/svg+xml' : 'application/xml';
  if (/^<!doctype\s+svg/.test(start)) return 'image/svg+xml';
  if (/^<(!doctype\s+html|html|head|body|script|iframe|!--|div|p|a|h1|table|style|title)[\s>]/.test(start))
    return 'text/html';
  return null;
}

/** NUL and the control characters text files do not hold (tab, line breaks, form feed and ESC are fine). */
function isBinaryControl(code: number): boolean {
  return code <= 0x08 || (code >= 0x0e && code <= 0x1a);
}

function looksLikeText(bytes: Uint8Array): boolean {
  try {
    // `stream: true`: a multi-byte character cut at the end of the sample is not taken for binary.
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, SNIFF_BYTES), {
      stream: true,
    });
    for (let i = 0; i < decoded.length; i++) if (isBinaryControl(decoded.charCodeAt(i))) return false;
    return true;
  } catch {
    return false;
  }
}

/** The file's type from its first bytes; `application/octet-stream` when unknown. */
export function sniffMime(bytes: Uint8Array): string {
  for (const magic of MAGIC) if (matches(bytes, magic)) return magic.mime;
  if (text(bytes, 0, 4) === 'RIFF') {
    const form = RIFF[text(bytes, 8, 12)];
    if (form) return form;
  }
  if (text(bytes, 4, 8) === 'ftyp') {
    const brand = text(bytes, 8, 12);
    return FTYP[brand] ?? 'video/mp4';
  }
  if (bytes.length === 0) return 'application/octet-stream';
  if (!looksLikeText(bytes)) return 'application/octet-stream';
  const head = new TextDecoder().decode(bytes.subarray(0, SNIFF_BYTES));
  const markup = sniffMarkup(head);
  if (markup) return markup;
  return head.trimStart().startsWith('{') || head.trimStart().startsWith('[')
    ? 'application/json'
    : 'text/plain';
}
