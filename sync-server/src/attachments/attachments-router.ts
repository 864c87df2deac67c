// /api/attachments: PUT a file to its SHA-256 (owner), GET or HEAD it (owner always, anyone for files a
// published post uses), GET /api/attachments/limits (owner). Answers are immutable by hash: hash ETag, 304,
// Range; images resized with ?w=; anything that is not a raster image is served as a download in a sandbox.
import {
  AttachmentNameSchema,
  AttachmentVariantQuerySchema,
  RESIZABLE_IMAGE_TYPES,
  Sha256Schema,
} from '@private-notes/shared';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/http-error.ts';
import { parseQuery, parseWith } from '../http/validate.ts';
import { NO_STORE } from '../routes/answer-cache.ts';
import { attachmentHeaders, variantEtag, variantKey } from './attachment-headers.ts';
import type { AttachmentService } from './attachment-service.ts';
import {
  chooseVariantFormat,
  type ImageVariants,
  PUBLIC_DEFAULT_WIDTH,
  VARIANT_MIME,
  VariantUnavailable,
} from './image-variants.ts';
import type { VariantMemory } from './variant-memory.ts';

const NOT_FOUND = 'Attachment not found';

const UploadQuerySchema = z.object({ name: AttachmentNameSchema.optional() });

export interface AttachmentDeps extends Deps {
  attachments: AttachmentService;
  variants: ImageVariants;
  /** Filled with the public variants served here, for the fast path in front of Express. */
  memory: VariantMemory;
}

function shaParam(req: Request): string {
  const result = Sha256Schema.safeParse(req.params.sha256);
  if (!result.success) throw new HttpError(400, `sha256: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}

export function createAttachmentsRouter(deps: AttachmentDeps): Router {
  const { auth, attachments, variants, memory } = deps;
  const router = Router();

  router.get('/api/attachments/limits', auth.requireUser, (_req, res) => {
    res.set('Cache-Control', NO_STORE).json(attachments.limitsInForce());
  });

  router.put('/api/attachments/:sha256', auth.requireUser, async (req, res) => {
    const sha256 = shaParam(req);
    const { name } = parseQuery(UploadQuerySchema, req);
    const length = req.get('content-length');
    const { attachment, created } = await attachments.upload({
      sha256,
      name: name ?? 'file',
      declaredSize: length !== undefined && /^[0-9]+$/.test(length) ? Number(length) : null,
      body: req,
      userId: auth.getUser(req)!.id,
    });
    res
      .set('Cache-Control', NO_STORE)
      .status(created ? 201 : 200)
      .json(attachment);
  });

  const serve = async (req: Request, res: Response) => {
    const sha256 = shaParam(req);
    const { w } = parseWith(AttachmentVariantQuerySchema, req.query);
    const record = attachments.get(sha256);
    const signedIn = auth.getUser(req) !== null;
    if (!record || !attachments.canRead(sha256, signedIn)) throw new HttpError(404, NOT_FOUND);
    const isPublic = attachments.isPublic(sha256);
    // The owner gets the exact bytes (other devices check them against the hash); the public gets a
    // re-encoded copy of images, which carries no EXIF, at most PUBLIC_DEFAULT_WIDTH wide unless it asks.
    let variant = RESIZABLE_IMAGE_TYPES.includes(record.mime) && (w !== undefined || !signedIn);
    let file = attachments.files.pathOf(sha256);
    let mime = record.mime;
    let etag = `"${sha256}"`;
    if (variant) {
      const format = chooseVariantFormat(req.get('accept'), record.mime);
      const width = w ?? PUBLIC_DEFAULT_WIDTH;
      try {
        file = await variants.pathFor({ sha256, width, format });
        mime = VARIANT_MIME[format];
        etag = variantEtag(sha256, width, format);
        if (isPublic) void memory.remember(variantKey(sha256, width, format), file);
      } catch (error) {
        if (!(error instanceof VariantUnavailable)) throw error;
        // An image the decoder refuses: the owner still gets the original; a visitor gets nothing (the
        // original may carry EXIF), and the refusal is remembered, so this costs no decode next time.
        if (!signedIn) throw new HttpError(404, NOT_FOUND);
        variant = false;
      }
    }
    res.set(attachmentHeaders({ mime, name: record.name, isPublic, etag, negotiated: variant }));
    // send answers 304 from the ETag set above, and 206 / 416 for Range (If-Range checks the same ETag).
    await new Promise<void>((resolve, reject) => {
      res.sendFile(
        file,
        { etag: false, lastModified: false, cacheControl: false, acceptRanges: true, dotfiles: 'allow' },
        (error) => (error && !res.headersSent ? reject(error) : resolve()),
      );
    });
  };
  router.get('/api/attachments/:sha256', serve); // Express answers HEAD through it too

  return router;
}
