// A blog post: markdown content, published or draft, optionally generated from a note.
import { z } from 'zod';
import { IdSchema, IsoDateSchema, TagsSchema } from './common.ts';

export const POST_TITLE_MAX = 200;
export const POST_EXCERPT_MAX = 500;
export const POST_CONTENT_MAX = 200_000;
/** Search engines show about 160 characters; a little room beyond that, no more. */
export const POST_SEO_DESCRIPTION_MAX = 300;
export const DEFAULT_READ_TIME = 3;
export const POST_SLUG_MAX = 100;

export const FaqItemSchema = z.object({
  question: z.string().trim().min(1, 'must not be empty').max(300),
  answer: z.string().trim().min(1, 'must not be empty').max(5000),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;

export const BlogPostSchema = z.object({
  id: IdSchema,
  title: z.string(),
  excerpt: z.string(),
  /** Markdown. Rendered to sanitised HTML by the server (`contentHtml`). */
  content: z.string(),
  tags: z.array(z.string()),
  published: z.boolean(),
  readTime: z.number().int().positive(),
  authorId: IdSchema,
  imageUrl: z.string().nullable().optional(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
  /** Equal to updatedAt when the post was last published; null for a draft. */
  publishedAt: IsoDateSchema.nullable(),
  sourceNoteId: IdSchema.nullable().optional(),
  faq: z.array(FaqItemSchema).optional(),
  /** The page's meta and Open Graph description when set; otherwise the excerpt (or the content) is used. */
  seoDescription: z.string().optional(),
  /**
   * The post's URL slug. Stored once the owner sets one or the post is published (from then on a new title
   * leaves the URL as it was); null or absent: the title's slug.
   */
  slug: z.string().nullable().optional(),
  /** A draft scheduled for publication: the server publishes it at this time (then null). */
  publishAt: IsoDateSchema.nullable().optional(),
  /** A scheduled draft that goes out as a newsletter issue when the server publishes it (then false). */
  sendNewsletter: z.boolean().optional(),
  /** Real counts: views counted by the server, approved comments. */
  views: z.number().int().nonnegative(),
  commentCount: z.number().int().nonnegative(),
  /** Set once the post went out as a newsletter issue (absent on posts stored before e-mail existed). */
  newsletter: z
    .object({ sendId: IdSchema, recipients: z.number().int().nonnegative(), sentAt: IsoDateSchema })
    .nullable()
    .optional(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** GET /api/blog/{id}: the post with its content rendered to sanitised HTML. */
export const BlogPostDetailSchema = BlogPostSchema.extend({ contentHtml: z.string() });
export type BlogPostDetail = z.infer<typeof BlogPostDetailSchema>;

/** A cover image: an http(s) address, or an uploaded attachment's own path (`/api/attachments/SHA256`). */
const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (u) => /^https?:\/\//i.test(u) || /^\/api\/attachments\/[0-9a-f]{64}$/.test(u),
    'must be an http(s) address or an uploaded image',
  );

export const BlogPostFieldsSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(POST_TITLE_MAX, `must be at most ${POST_TITLE_MAX} characters`),
  excerpt: z.string().trim().max(POST_EXCERPT_MAX, `must be at most ${POST_EXCERPT_MAX} characters`),
  content: z.string().max(POST_CONTENT_MAX, `must be at most ${POST_CONTENT_MAX} characters`),
  tags: TagsSchema,
  published: z.boolean(),
  readTime: z.number().int().min(1).max(1000),
  authorId: IdSchema,
  imageUrl: imageUrl.nullable(),
  sourceNoteId: IdSchema.nullable(),
  faq: z.array(FaqItemSchema).max(50),
  seoDescription: z
    .string()
    .trim()
    .max(POST_SEO_DESCRIPTION_MAX, `must be at most ${POST_SEO_DESCRIPTION_MAX} characters`),
  /** Empty: the slug follows the title (until the post is published). */
  slug: z
    .string()
    .trim()
    .max(POST_SLUG_MAX, `must be at most ${POST_SLUG_MAX} characters`)
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'must be lowercase letters and digits joined by single hyphens'),
  /** Null: not scheduled. The time must be in the future; the post stays a draft until then. */
  publishAt: IsoDateSchema.nullable(),
  /** With publishAt: send the post as a newsletter issue when it is published (once). */
  sendNewsletter: z.boolean(),
});

/** POST /api/admin/blog. Omitted fields take the new-post defaults; readTime is computed when omitted. */
export const BlogPostCreateSchema = BlogPostFieldsSchema.partial().required({ title: true });
export type BlogPostCreate = z.input<typeof BlogPostCreateSchema>;

/** PUT /api/admin/blog/{id}: `{published}` alone, or any edited fields. */
export const BlogPostUpdateSchema = BlogPostFieldsSchema.partial().refine((v) => Object.keys(v).length > 0, {
  message: 'must change at least one field',
});
export type BlogPostUpdate = z.input<typeof BlogPostUpdateSchema>;

/** GET /api/blog query. */
export const BlogListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  tag: z.string().max(50).optional(),
});

/** GET /api/blog/tags: one entry per tag of the published posts, most used first, then A–Z. */
export const TagSummarySchema = z.object({
  tag: z.string(),
  /** Published posts carrying the tag. */
  count: z.number().int().positive(),
  /** The newest publication date among them (for the "Recently Active" sort). */
  latestDate: IsoDateSchema,
});
export type TagSummary = z.infer<typeof TagSummarySchema>;
