// Answers a visitor's request for a public image variant from memory, in front of Express: the blog's images
// are its most frequent requests, and Express's per-request set-up costs more than sending 20 KB. Anything
// it does not hold exactly (a cookie, a Range, a variant not in memory, a file no longer public) goes through
// Express as usual, so it can only ever repeat an answer the route itself gave.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESIZABLE_IMAGE_TYPES } from '@private-notes/shared';
import type { Express } from 'express';
import { attachmentHeaders, variantEtag, variantKey } from './attachment-headers.ts';
import type { AttachmentService } from './attachment-service.ts';
import { chooseVariantFormat, PUBLIC_DEFAULT_WIDTH, VARIANT_MIME } from './image-variants.ts';
import type { VariantMemory } from './variant-memory.ts';

const PUBLIC_VARIANT = /^\/api\/attachments\/([0-9a-f]{64})(?:\?w=([0-9]{1,5}))?$/;

export function serveVariantFromMemory(
  req: IncomingMessage,
  res: ServerResponse,
  service: AttachmentService,
  memory: VariantMemory,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const { cookie, range, authorization } = req.headers;
  if (cookie !== undefined || range !== undefined || authorization !== undefined) return false;
  const match = PUBLIC_VARIANT.exec(req.url ?? '');
  if (!match) return false;
  const sha256 = match[1]!;
  const width = match[2] === undefined ? PUBLIC_DEFAULT_WIDTH : Number(match[2]);
  if (!service.isPublic(sha256)) return false;
  const record = service.get(sha256);
  if (!record || !RESIZABLE_IMAGE_TYPES.includes(record.mime)) return false;
  const format = chooseVariantFormat(req.headers.accept, record.mime);
  const bytes = memory.get(variantKey(sha256, width, format));
  if (!bytes) return false;
  const etag = variantEtag(sha256, width, format);
  const headers = attachmentHeaders({
    mime: VARIANT_MIME[format],
    name: record.name,
    isPublic: true,
    etag,
    negotiated: true,
  });
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { ETag: etag, 'Cache-Control': headers['Cache-Control']!, Vary: 'Accept' });
    res.end();
    return true;
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(bytes.length), 'Accept-Ranges': 'bytes' });
  res.end(req.method === 'HEAD' ? undefined : bytes);
  return true;
}

type Handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/** Not installed when requests are logged: the answers it gives would be missing from the log. */
export function installAttachmentFastPath(
  app: Express,
  service: AttachmentService,
  memory: VariantMemory,
): void {
  const target = app as unknown as { handle: Handle };
  const handle = target.handle.bind(app);
  target.handle = (req, res, next) => {
    if (!serveVariantFromMemory(req, res, service, memory)) handle(req, res, next);
  };
}
