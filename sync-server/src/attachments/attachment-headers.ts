// The headers of every attachment answer, one definition for the Express route and the in-memory fast path.
import { isInlineImage } from '@private-notes/shared';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Nothing in an attachment answer may run: no script, no plugin, no form, even if opened directly. */
export const ATTACHMENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** RFC 6266 filename: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function attachmentHeaders(options: {
  mime: string;
  name: string;
  isPublic: boolean;
  etag: string;
  /** The answer depends on Accept (an image variant whose format was negotiated). */
  negotiated: boolean;
}): Record<string, string> {
  return {
    'Content-Type': options.mime,
    'Content-Disposition': contentDisposition(
      isInlineImage(options.mime) ? 'inline' : 'attachment',
      options.name,
    ),
    'Content-Security-Policy': ATTACHMENT_CSP,
    'X-Content-Type-Options': 'nosniff',
    // A published post's images may be shown by feed readers and link previews on other sites.
    'Cross-Origin-Resource-Policy': options.isPublic ? 'cross-origin' : 'same-origin',
    // no-transform keeps compression (and proxies) off the bytes, so Range offsets stay true.
    'Cache-Control': `${options.isPublic ? 'public' : 'private'}, max-age=${YEAR_SECONDS}, immutable, no-transform`,
    ETag: options.etag,
    ...(options.negotiated ? { Vary: 'Accept' } : {}),
  };
}

export function variantEtag(sha256: string, width: number | null, format: string): string {
  return `"${sha256}-${width ?? 'full'}-${format}"`;
}

export function variantKey(sha256: string, width: number | null, format: string): string {
  return `${sha256}/${width ?? 'full'}.${format}`;
}
