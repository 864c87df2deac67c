// An attachment: a file the owner put in a note or post, stored once by the SHA-256 of its bytes. Limits sit
// beside the schema (attachment-limits.ts) so the browser (before queueing) and the server (on upload) refuse the same files.
import { z } from 'zod';
import { ATTACHMENT_VARIANT_WIDTHS } from '../rules/attachment-markdown.ts';
import { ATTACHMENT_NAME_MAX } from './attachment-limits.ts';
import { IsoDateSchema } from './common.ts';

export {
  ATTACHMENT_GC_GRACE_DAYS_DEFAULT,
  ATTACHMENT_MAX_BYTES_DEFAULT,
  ATTACHMENT_NAME_MAX,
  ATTACHMENT_QUOTA_BYTES_DEFAULT,
} from './attachment-limits.ts';

export const Sha256Schema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'must be a lowercase hex SHA-256 (64 characters)');

/** The file name the owner gave it: shown as the link text or alt text, sent back as the download name. */
export const AttachmentNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(ATTACHMENT_NAME_MAX, `must be at most ${ATTACHMENT_NAME_MAX} characters`)
  .refine(
    (name) =>
      ![...name].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f),
    'must not contain slashes or control characters',
  );

export const AttachmentSchema = z.object({
  sha256: Sha256Schema,
  /** Detected from the bytes (rules/sniff-mime.ts), never taken from the name or the client's header. */
  mime: z.string(),
  size: z.number().int().nonnegative(),
  name: AttachmentNameSchema,
  createdAt: IsoDateSchema,
  /** Image size in pixels, for width/height attributes (no layout shift); absent for other files. */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

/** `GET /api/attachments/limits` (owner only): the limits in force and how much of the quota is used. */
export const AttachmentLimitsSchema = z.object({
  maxBytes: z.number().int().positive(),
  quotaBytes: z.number().int().positive(),
  usedBytes: z.number().int().nonnegative(),
});
export type AttachmentLimits = z.infer<typeof AttachmentLimitsSchema>;

/** Query of `GET /api/attachments/{sha256}`: an image variant width (one of ATTACHMENT_VARIANT_WIDTHS). */
export const AttachmentVariantQuerySchema = z.object({
  w: z
    .string()
    .regex(/^[0-9]{1,5}$/, 'must be a whole number')
    .transform(Number)
    .refine(
      (w) => (ATTACHMENT_VARIANT_WIDTHS as readonly number[]).includes(w),
      `must be one of ${ATTACHMENT_VARIANT_WIDTHS.join(', ')}`,
    )
    .optional(),
});
