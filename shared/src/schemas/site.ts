// Settings › Site as the server accepts it (PUT /api/admin/site): every field bounded, links http(s) only.
import { z } from 'zod';
import type { SiteSettings } from '../site-defaults.ts';
import { EmailSchema } from './common.ts';

export const SITE_TITLE_MAX = 80;
export const SITE_TAGLINE_MAX = 200;
export const SITE_CATEGORIES_MAX = 8;
export const SITE_CATEGORY_TAGS_MAX = 10;
export const SITE_SOCIAL_LINKS_MAX = 8;

const HttpUrlSchema = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }));

export const SiteCategorySchema = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters'),
  tags: z
    .array(z.string().trim().toLowerCase().min(1, 'must not be empty').max(50))
    .min(1, 'must name at least one tag')
    .max(SITE_CATEGORY_TAGS_MAX, `must have at most ${SITE_CATEGORY_TAGS_MAX} tags`),
});

export const SiteSocialLinkSchema = z.object({
  network: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters'),
  url: HttpUrlSchema,
});

/** An uploaded image's own path: the icon is served from the attachments, resized by the server. */
const UploadedImagePathSchema = z
  .string()
  .trim()
  .regex(/^\/api\/attachments\/[0-9a-f]{64}$/, 'must be an uploaded image');

export const SiteSettingsSchema = z.strictObject({
  title: z.string().trim().min(1, 'must not be empty').max(SITE_TITLE_MAX),
  tagline: z.string().trim().max(SITE_TAGLINE_MAX),
  categories: z
    .array(SiteCategorySchema)
    .max(SITE_CATEGORIES_MAX, `must have at most ${SITE_CATEGORIES_MAX} categories`),
  contactEmail: EmailSchema.nullable(),
  socialLinks: z
    .array(SiteSocialLinkSchema)
    .max(SITE_SOCIAL_LINKS_MAX, `must have at most ${SITE_SOCIAL_LINKS_MAX} links`),
  iconUrl: UploadedImagePathSchema.nullable().optional(),
  avatarUrl: UploadedImagePathSchema.nullable().optional(),
  senderEmail: EmailSchema.nullable().optional(),
}) satisfies z.ZodType<SiteSettings, unknown>;
