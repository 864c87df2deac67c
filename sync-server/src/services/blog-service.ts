// The rules of the blog: what visitors may read (published posts only), how posts are listed, searched,
// tagged and related, how views are counted, and how the owner creates, edits, publishes and deletes posts.
import {
  type BlogPost,
  type BlogPostCreateSchema,
  type BlogPostDetail,
  type BlogPostUpdateSchema,
  POST_CONTENT_MAX,
  POST_EXCERPT_MAX,
  POST_TITLE_MAX,
  slugify,
  TAG_MAX,
  TAGS_MAX,
  type TagSummary,
} from '@private-notes/shared';
import { attachmentHashes } from '@private-notes/shared/rules/attachment-markdown';
import { RESIZABLE_IMAGE_TYPES } from '@private-notes/shared/rules/attachment-types';
import { readingTime } from '@private-notes/shared/rules/reading-time';
import { relatedPosts as rankRelatedPosts } from '@private-notes/shared/rules/related-posts';
import type { z } from 'zod';
import { HttpError } from '../http/http-error.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { type AttachmentImageInfo, renderMarkdown } from '../render/render-markdown.ts';
import type { CollectionName, PostRecord, Store, WriteTx } from '../storage/index.ts';
import { type ViewCounter, viewCounterFor } from './view-counter.ts';

export const POST_NOT_FOUND = 'Blog post not found';
export const PUBLISH_POST_JOB = 'publish-post';
export const PUBLISH_AT_PAST = 'publishAt: must be in the future';
export const PUBLISH_AT_PUBLISHED = 'publishAt: cannot be set on a published post (unpublish it first)';
export const SEND_NEWSLETTER_UNSCHEDULED =
  'sendNewsletter: needs a publication time (publishAt); to publish and send now, use Publish and send';
export const ALREADY_SENT = 'This post has already been sent as a newsletter';

/** What a scheduled publication's job carries: the post and the time it was scheduled for. */
export interface PublishPostPayload {
  postId: number;
  publishAt: string;
}
export const RELATED_TAGS_MAX = 10;
/**
 * What the public blog shows (pages, API answers, feeds): cached renderings last while these are unchanged.
 * The site's identity and the owner's settings (whose Profile is the author) are part of every page.
 */
export const BLOG_CONTENT: readonly CollectionName[] = ['posts', 'comments', 'site', 'settings'];

export type PostCreateInput = z.output<typeof BlogPostCreateSchema>;
export type PostUpdateInput = z.output<typeof BlogPostUpdateSchema>;

/** What the route adds to a save: where a scheduled issue's links point (asked only when it is wanted). */
export interface PostSaveOptions {
  newsletterUrl?: () => string;
}

/**
 * Starts a post's newsletter issue inside the publication's transaction (mail/newsletter-service.ts), so a
 * scheduled post and its issue happen together or not at all; answers the job to wake, if any.
 */
export type StartIssueInTx = (tx: WriteTx, post: PostRecord, publicUrl: string, now: Date) => number | null;

export interface BlogListFilter {
  /** Case-insensitive substring of the title, the content or a tag. */
  search?: string | undefined;
  /** Exact tag. */
  tag?: string | undefined;
}

export interface AdjacentPosts {
  /** The post published just before this one (older), or null. */
  previous: BlogPost | null;
  /** The post published just after this one (newer), or null. */
  next: BlogPost | null;
}

export interface PostFromNoteInput {
  noteId: number;
  title: string;
  excerpt?: string;
  content: string;
  tags?: string[];
}

interface PublishedCache {
  version: number;
  posts: readonly BlogPost[];
}

// Keyed by store so every BlogService over the same store shares it; any write to the blog's content moves
// its version on and the next read rebuilds, so the cache can never serve a post that was unpublished or
// edited. Views are not content: they show from the next rebuild on.
const publishedCache = new WeakMap<Store, PublishedCache>();

function byNewestPublication(a: BlogPost, b: BlogPost): number {
  return Date.parse(b.publishedAt ?? b.updatedAt) - Date.parse(a.publishedAt ?? a.updatedAt) || b.id - a.id;
}

/** A requested publication time, checked: in the future, and only for a post that is not published. */
function scheduledTime(publishAt: string | null, published: boolean, now: Date): string | null {
  if (publishAt === null) return null;
  if (published) throw new HttpError(400, PUBLISH_AT_PUBLISHED);
  if (Date.parse(publishAt) <= now.getTime()) throw new HttpError(400, PUBLISH_AT_PAST);
  return new Date(publishAt).toISOString();
}

/**
 * The newsletter part of a schedule: only with a publication time, never for a post already sent, and with
 * the origin of its links fixed now. Unscheduling (or publishing by hand) drops it.
 */
function scheduledIssue(
  tx: WriteTx,
  postId: number | null,
  asked: boolean | undefined,
  kept: Pick<PostRecord, 'sendNewsletter' | 'newsletterUrl'> | null,
  publishAt: string | null,
  options: PostSaveOptions,
): Pick<PostRecord, 'sendNewsletter' | 'newsletterUrl'> {
  const wanted = asked ?? kept?.sendNewsletter ?? false;
  if (!wanted || publishAt === null) {
    if (asked === true) throw new HttpError(400, SEND_NEWSLETTER_UNSCHEDULED);
    // Left off the record (undefined is not stored): public answers of the post never carry either.
    return { sendNewsletter: undefined, newsletterUrl: undefined };
  }
  if (postId !== null && tx.lookup('newsletterSends', 'postId', String(postId)))
    throw new HttpError(409, ALREADY_SENT);
  const url = kept?.newsletterUrl ?? options.newsletterUrl?.();
  if (!url) throw new Error('A scheduled newsletter needs the origin of its links');
  return { sendNewsletter: true, newsletterUrl: url };
}

/**
 * Applies a patch to a post. A patch merges (undefined leaves a field as it is), so when the schedule's
 * newsletter fields go, the record is written whole without them: public answers never carry them.
 */
function savePost(tx: WriteTx, post: PostRecord, patch: Partial<PostRecord>): PostRecord {
  const drops = (['sendNewsletter', 'newsletterUrl'] as const).filter(
    (key) => key in patch && patch[key] === undefined && post[key] !== undefined,
  );
  if (drops.length === 0) return tx.update('posts', post.id, patch);
  const next: PostRecord = { ...post };
  for (const [key, value] of Object.entries(patch))
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  for (const key of drops) delete next[key];
  return tx.put('posts', next);
}

function uniqueTags(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}

export class BlogService {
  readonly #store: Store;
  /** Rendered HTML by post id, kept while the content is the same string (page views render nothing). */
  readonly #html = new Map<number, { content: string; html: string }>();
  readonly #views: ViewCounter;
  /** The runner of scheduled publications (jobs/scheduled-publication.ts attaches it). */
  #jobs: JobRunner | null = null;
  #startIssue: StartIssueInTx | null = null;

  constructor(store: Store) {
    this.#store = store;
    this.#views = viewCounterFor(store);
  }

  /** Scheduled publications are queued on this runner, in the transaction that schedules them. */
  attachJobs(jobs: JobRunner, startIssue: StartIssueInTx): void {
    this.#jobs = jobs;
    this.#startIssue = startIssue;
  }

  /**
   * Queues the publication of a post scheduled for `publishAt` inside the caller's transaction (so the
   * schedule and its job exist together). One job per post and time: a new time is a new job, and an old
   * one finds its time no longer the post's and does nothing.
   */
  #queuePublication(tx: WriteTx, post: PostRecord): number | null {
    if (post.published || !post.publishAt) return null;
    if (!this.#jobs) throw new Error('Scheduled publication needs the job runner');
    const payload: PublishPostPayload = { postId: post.id, publishAt: post.publishAt };
    return this.#jobs.enqueueIn(tx, PUBLISH_POST_JOB, `publish-post:${post.id}:${post.publishAt}`, payload)
      .id;
  }

  /**
   * Publishes a scheduled post if it is still the draft scheduled for `publishAt`; answers whether it did.
   * The check and the change are one transaction, so a job run twice (a second instance, a restart
   * mid-run) publishes once.
   */
  async publishScheduled(postId: number, publishAt: string, now = new Date()): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.#store.write((tx) => {
      const post = tx.get('posts', postId);
      if (!post || post.published || post.publishAt !== publishAt) return null;
      const published = savePost(tx, post, {
        published: true,
        publishedAt: at,
        updatedAt: at,
        publishAt: null,
        slug: post.slug ?? slugify(post.title),
        sendNewsletter: undefined,
        newsletterUrl: undefined,
      });
      // The issue starts in this transaction: after a crash either both happened or neither, and the
      // check above keeps a second run (another instance, a restart mid-run) from starting it again.
      const issueJob =
        post.sendNewsletter && post.newsletterUrl && this.#startIssue
          ? this.#startIssue(tx, published, post.newsletterUrl, now)
          : null;
      return { issueJob };
    });
    if (result?.issueJob != null) this.#jobs?.wake(result.issueJob);
    return result !== null;
  }

  /** Moves on whenever what the public blog shows changes (not on a view, a note edit or a sign-in). */
  contentVersion(): number {
    return this.#store.versionOf(BLOG_CONTENT);
  }

  /** The post with the views counted but not yet stored. */
  #withViews(post: BlogPost): BlogPost {
    const pending = this.#views.pendingFor(post.id);
    return pending === 0 ? post : { ...post, views: post.views + pending };
  }

  /** Stores the views counted so far (they are written in batches); resolves once they are on disk. */
  flushViews(): Promise<void> {
    return this.#views.flush();
  }

  /** The post's content as sanitised HTML (rendered once per content version). */
  renderedHtml(post: Pick<BlogPost, 'id' | 'content'>): string {
    // The images' sizes are part of the HTML: an image uploaded after the post was rendered changes the key.
    const key = `${post.content}\u0000${attachmentHashes(post.content)
      .map((hash) => this.#imageInfo(hash)?.width ?? '')
      .join(',')}`;
    const cached = this.#html.get(post.id);
    if (cached && cached.content === key) return cached.html;
    const html = renderMarkdown(post.content, (hash) => this.#imageInfo(hash));
    this.#html.set(post.id, { content: key, html });
    return html;
  }

  #imageInfo(sha256: string): AttachmentImageInfo | undefined {
    const record = this.#store.lookup('attachments', 'sha256', sha256);
    if (!record?.width || !record.height) return undefined;
    return {
      width: record.width,
      height: record.height,
      resizable: RESIZABLE_IMAGE_TYPES.includes(record.mime),
    };
  }

  #detail(post: BlogPost): BlogPostDetail {
    return { ...this.#withViews(post), contentHtml: this.renderedHtml(post) };
  }

  /** Every published post, newest publication first. Shared and frozen: do not mutate. */
  #published(): readonly BlogPost[] {
    const version = this.contentVersion();
    const cached = publishedCache.get(this.#store);
    if (cached && cached.version === version) return cached.posts;
    const posts = Object.freeze(
      this.#store
        .filter('posts', (p) => p.published)
        .map((p) => this.#withViews(p))
        .sort(byNewestPublication),
    );
    publishedCache.set(this.#store, { version, posts });
    return posts;
  }

  /** Published posts, newest first, optionally filtered by a search text and an exact tag. */
  listPublishedPosts(filter: BlogListFilter = {}): BlogPost[] {
    const search = filter.search?.trim().toLowerCase() ?? '';
    const tag = filter.tag;
    return this.#published().filter((post) => {
      if (tag !== undefined && tag !== '' && !post.tags.includes(tag)) return false;
      if (search === '') return true;
      return (
        post.title.toLowerCase().includes(search) ||
        post.content.toLowerCase().includes(search) ||
        post.tags.some((t) => t.toLowerCase().includes(search))
      );
    });
  }

  /**
   * The owner's view of a post: with `newsletter` once it went out as an issue. Kept off the post record,
   * so public answers never show how many subscribers there are.
   */
  #forOwner<P extends BlogPost>(post: P): P {
    const send = this.#store.lookup('newsletterSends', 'postId', String(post.id));
    if (!send?.finishedAt) return post;
    return { ...post, newsletter: { sendId: send.id, recipients: send.sent, sentAt: send.finishedAt } };
  }

  /** Every post including drafts, newest created first (the owner's admin list). */
  listAllPosts(): BlogPost[] {
    return this.#store
      .all('posts')
      .map((p) => this.#forOwner(this.#withViews(p)))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
  }

  /** A published post with its rendered HTML, or null when unknown or a draft. */
  getPublishedPost(id: number): BlogPostDetail | null {
    const post = this.#store.get('posts', id);
    return post?.published ? this.#detail(post) : null;
  }

  /** Any post (drafts too) with its rendered HTML: for the signed-in owner. */
  getPost(id: number): BlogPostDetail | null {
    const post = this.#store.get('posts', id);
    return post ? this.#forOwner(this.#detail(post)) : null;
  }

  /** Published posts carrying `tag` (exact), newest first. */
  postsByTag(tag: string): BlogPost[] {
    return this.listPublishedPosts({ tag });
  }

  /** Every tag of the published posts with its post count and latest date; most used first, then A–Z. */
  listTags(): TagSummary[] {
    const tags = new Map<string, TagSummary>();
    for (const post of this.#published()) {
      const date = post.publishedAt ?? post.updatedAt;
      for (const tag of uniqueTags(post.tags)) {
        const summary = tags.get(tag);
        if (!summary) tags.set(tag, { tag, count: 1, latestDate: date });
        else {
          summary.count++;
          if (Date.parse(date) > Date.parse(summary.latestDate)) summary.latestDate = date;
        }
      }
    }
    return [...tags.values()].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
  }

  /** Other tags that appear on published posts with `tag`, with how many such posts: at most 10. */
  relatedTags(tag: string, max = RELATED_TAGS_MAX): { tag: string; count: number }[] {
    const counts = new Map<string, number>();
    for (const post of this.postsByTag(tag)) {
      for (const other of uniqueTags(post.tags))
        if (other !== tag) counts.set(other, (counts.get(other) ?? 0) + 1);
    }
    return [...counts]
      .map(([name, count]) => ({ tag: name, count }))
      .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag))
      .slice(0, max);
  }

  /** Up to 3 published posts sharing tags with post `id` (SPEC section 9 score); [] when it is unknown. */
  relatedPosts(id: number, max?: number): BlogPost[] {
    const post = this.#store.get('posts', id);
    if (!post) return [];
    return rankRelatedPosts(post, this.#published(), max);
  }

  /** The published neighbours of post `id` in publication order. */
  getAdjacentPosts(id: number): AdjacentPosts {
    const posts = this.#published();
    const index = posts.findIndex((p) => p.id === id);
    if (index === -1) return { previous: null, next: null };
    return { previous: posts[index + 1] ?? null, next: posts[index - 1] ?? null };
  }

  /**
   * Counts one view of a published post and resolves with the new count, or null when the post is unknown
   * or a draft. Views are stored in batches (view-counter.ts) and never invalidate cached pages.
   */
  async countView(id: number): Promise<number | null> {
    return this.#views.count(id);
  }

  /** A new post with the SPEC defaults; readTime computed from the content unless given. */
  async createPost(
    input: PostCreateInput,
    ownerId: number,
    now = new Date(),
    options: PostSaveOptions = {},
  ): Promise<BlogPost> {
    const at = now.toISOString();
    const content = input.content ?? '';
    const published = input.published ?? false;
    const publishAt = scheduledTime(input.publishAt ?? null, published, now);
    const slug = input.slug || (published ? slugify(input.title) : null);
    const post = await this.#store.write((tx) => {
      const issue = scheduledIssue(tx, null, input.sendNewsletter, null, publishAt, options);
      const created = tx.insert('posts', {
        title: input.title,
        excerpt: input.excerpt ?? '',
        content,
        tags: uniqueTags(input.tags ?? []),
        published,
        readTime: input.readTime ?? readingTime(content),
        authorId: input.authorId ?? ownerId,
        imageUrl: input.imageUrl ?? null,
        createdAt: at,
        updatedAt: at,
        publishedAt: published ? at : null,
        sourceNoteId: input.sourceNoteId ?? null,
        ...(input.faq ? { faq: input.faq } : {}),
        ...(input.seoDescription ? { seoDescription: input.seoDescription } : {}),
        ...(slug !== null ? { slug } : {}),
        ...(publishAt ? { publishAt } : {}),
        ...(issue.sendNewsletter ? issue : {}),
        views: 0,
        commentCount: 0,
      });
      return { created, jobId: this.#queuePublication(tx, created) };
    });
    if (post.jobId !== null) this.#jobs?.wake(post.jobId);
    return post.created;
  }

  /**
   * Applies the given fields. A published post's publishedAt becomes its new updatedAt, a draft's is null;
   * readTime follows the content unless it is given. The slug is kept from publication on: a new title
   * leaves the URL as it was (an empty slug takes the title's again). Publishing by hand ends a schedule.
   */
  async updatePost(
    id: number,
    input: PostUpdateInput,
    now = new Date(),
    options: PostSaveOptions = {},
  ): Promise<BlogPost> {
    const at = now.toISOString();
    const result = await this.#store.write((tx) => {
      const post = tx.get('posts', id);
      if (!post) throw new HttpError(404, POST_NOT_FOUND);
      const published = input.published ?? post.published;
      const publishAt =
        input.publishAt !== undefined
          ? scheduledTime(input.publishAt, published, now)
          : published
            ? null
            : (post.publishAt ?? null);
      const title = input.title ?? post.title;
      let slug = input.slug !== undefined ? input.slug || null : (post.slug ?? null);
      // Published before this edit: its URL is the one it had (the old title's), unless the owner asks anew.
      if (published && slug === null)
        slug = slugify(post.published && input.slug !== '' ? post.title : title);
      const patch: Partial<PostRecord> = {
        ...input,
        ...(input.tags ? { tags: uniqueTags(input.tags) } : {}),
        readTime:
          input.readTime ?? (input.content !== undefined ? readingTime(input.content) : post.readTime),
        updatedAt: at,
        publishedAt: published ? at : null,
        slug,
        publishAt,
        ...scheduledIssue(tx, id, input.sendNewsletter, post, publishAt, options),
      };
      const updated = savePost(tx, post, patch);
      return { updated, jobId: this.#queuePublication(tx, updated) };
    });
    if (result.jobId !== null) this.#jobs?.wake(result.jobId);
    return result.updated;
  }

  /** Deletes the post and its comments in one transaction. */
  async deletePost(id: number): Promise<void> {
    await this.#store.write((tx) => {
      if (!tx.get('posts', id)) throw new HttpError(404, POST_NOT_FOUND);
      for (const comment of tx.filter('comments', (c) => c.postId === id)) tx.remove('comments', comment.id);
      tx.remove('posts', id);
    });
    this.#html.delete(id);
  }

  /** A draft generated from a note (AI "Convert to Blog Post"), linked back to it by sourceNoteId. */
  async createPostFromNote(input: PostFromNoteInput, ownerId: number, now = new Date()): Promise<BlogPost> {
    const title = input.title.trim().slice(0, POST_TITLE_MAX) || 'Untitled Post';
    return this.createPost(
      {
        title,
        excerpt: (input.excerpt ?? '').trim().slice(0, POST_EXCERPT_MAX),
        // Generated text is clamped to the limits the admin form enforces, so the owner can save it as is.
        content: input.content.slice(0, POST_CONTENT_MAX),
        tags: uniqueTags((input.tags ?? []).map((t) => t.trim().slice(0, TAG_MAX)).filter(Boolean)).slice(
          0,
          TAGS_MAX,
        ),
        published: false,
        sourceNoteId: input.noteId,
      },
      ownerId,
      now,
    );
  }
}
