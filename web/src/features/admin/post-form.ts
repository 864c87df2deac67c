// The post dialog's form: its values from a post, the create payload, the changed fields of an edit
// (SPEC section 4: "Edit saves the changed fields"), and the server's validation answer mapped to a field.
// Read time is always computed from the content (SPEC section 9), never typed.
import {
  type BlogPost,
  type BlogPostCreate,
  type BlogPostUpdate,
  formatTags,
  parseTags,
  readingTime,
} from '@private-notes/shared';

export interface PostFormValues {
  title: string;
  excerpt: string;
  content: string;
  /** Tags as typed: one comma-separated text. */
  tagsText: string;
  /** The cover image's address ('' for none): an uploaded image's `/api/attachments/SHA256`. */
  imageUrl: string;
  /** The page's meta and Open Graph description ('' : the excerpt is used). */
  seoDescription: string;
  /** The URL slug ('': the title's, kept from publication on). */
  slug: string;
  /** Scheduled publication as a `datetime-local` value in the device's time zone ('' : not scheduled). */
  publishAt: string;
  /** With a publication time: send the post as a newsletter issue when the server publishes it. */
  sendNewsletter: boolean;
}

export type PostFormField =
  | 'title'
  | 'excerpt'
  | 'content'
  | 'tags'
  | 'seoDescription'
  | 'slug'
  | 'publishAt';

export const POST_FIELD_LABELS: Record<PostFormField, string> = {
  title: 'Title',
  excerpt: 'Excerpt',
  content: 'Content',
  tags: 'Tags',
  seoDescription: 'SEO description',
  slug: 'Slug',
  publishAt: 'Publish at',
};

export const EMPTY_POST_FORM: PostFormValues = {
  title: '',
  excerpt: '',
  content: '',
  tagsText: '',
  imageUrl: '',
  seoDescription: '',
  slug: '',
  publishAt: '',
  sendNewsletter: false,
};

export function postFormValues(post: BlogPost | null): PostFormValues {
  if (!post) return EMPTY_POST_FORM;
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    tagsText: formatTags(post.tags),
    imageUrl: post.imageUrl ?? '',
    seoDescription: post.seoDescription ?? '',
    slug: post.slug ?? '',
    publishAt: post.publishAt ? localDateTimeInput(post.publishAt) : '',
    sendNewsletter: post.sendNewsletter ?? false,
  };
}

/** An ISO time as a `datetime-local` value (to the second) in the device's time zone. */
export function localDateTimeInput(iso: string): string {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
}

/** A `datetime-local` value as an ISO time; a value that is no time goes as typed, for the server to refuse. */
function isoFromLocal(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export function createPostPayload(values: PostFormValues): BlogPostCreate {
  return {
    title: values.title,
    excerpt: values.excerpt,
    content: values.content,
    tags: parseTags(values.tagsText),
    readTime: readingTime(values.content),
    ...(values.imageUrl ? { imageUrl: values.imageUrl } : {}),
    ...(values.seoDescription.trim() ? { seoDescription: values.seoDescription } : {}),
    ...(values.slug.trim() ? { slug: values.slug } : {}),
    ...(values.publishAt ? { publishAt: isoFromLocal(values.publishAt) } : {}),
    ...(values.publishAt && values.sendNewsletter ? { sendNewsletter: true } : {}),
  };
}

/** Only what differs from the post; null when nothing changed (the dialog then just closes). */
export function changedPostFields(post: BlogPost, values: PostFormValues): BlogPostUpdate | null {
  const changes: BlogPostUpdate = {};
  if (values.title !== post.title) changes.title = values.title;
  if (values.excerpt !== post.excerpt) changes.excerpt = values.excerpt;
  if (values.content !== post.content) changes.content = values.content;
  const tags = parseTags(values.tagsText);
  if (tags.length !== post.tags.length || tags.some((tag, i) => tag !== post.tags[i])) changes.tags = tags;
  const readTime = readingTime(values.content);
  if (readTime !== post.readTime) changes.readTime = readTime;
  if ((values.imageUrl || null) !== (post.imageUrl ?? null)) changes.imageUrl = values.imageUrl || null;
  if (values.seoDescription !== (post.seoDescription ?? '')) changes.seoDescription = values.seoDescription;
  if (values.slug !== (post.slug ?? '')) changes.slug = values.slug;
  if (values.publishAt !== (post.publishAt ? localDateTimeInput(post.publishAt) : ''))
    changes.publishAt = values.publishAt ? isoFromLocal(values.publishAt) : null;
  // Without a time the server drops the newsletter with the schedule; it is only asked for with one.
  const sendNewsletter = Boolean(values.publishAt) && values.sendNewsletter;
  if (sendNewsletter !== (post.sendNewsletter ?? false) && values.publishAt)
    changes.sendNewsletter = sendNewsletter;
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * The server names the bad field first ('400: title: must not be empty'): that becomes
 * { field: 'title', text: 'Title must not be empty' } for the field's error line. Anything else is null.
 */
export function postFieldError(message: string): { field: PostFormField; text: string } | null {
  const match =
    /^(?:\d{3}: )?(title|excerpt|content|tags|seoDescription|slug|publishAt)(?:\.\d+)?: (.+)$/s.exec(message);
  if (!match) return null;
  const field = match[1] as PostFormField;
  return { field, text: `${POST_FIELD_LABELS[field]} ${match[2]}` };
}
