// The rules of comments: visitors post into moderation and see approved comments without e-mails; the
// owner sees everything, approves, deletes and sees reports. Posts keep their approved-comment count.
import type { Comment, CommentCreateSchema, PendingComment } from '@private-notes/shared';
import type { z } from 'zod';
import { HttpError } from '../http/http-error.ts';
import type { CommentRecord, Store, WriteTx } from '../storage/index.ts';
import { POST_NOT_FOUND } from './blog-service.ts';

export const COMMENT_NOT_FOUND = 'Comment not found';

export type CommentCreateInput = z.output<typeof CommentCreateSchema>;

/** What anyone may see: no e-mail, no report flag. */
export function toPublicComment(record: CommentRecord): Comment {
  return {
    id: record.id,
    postId: record.postId,
    author: record.author,
    content: record.content,
    createdAt: record.createdAt,
    isApproved: record.isApproved,
  };
}

/** What the signed-in owner sees: everything. */
export function toOwnerComment(record: CommentRecord): Comment {
  return { ...toPublicComment(record), email: record.email, reported: record.reported ?? false };
}

function oldestFirst(a: CommentRecord, b: CommentRecord): number {
  return Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;
}

function newestFirst(a: CommentRecord, b: CommentRecord): number {
  return oldestFirst(b, a);
}

function adjustCommentCount(tx: WriteTx, postId: number, delta: number): void {
  const post = tx.get('posts', postId);
  if (post) tx.update('posts', postId, { commentCount: Math.max(0, post.commentCount + delta) });
}

export class CommentService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Approved comments of a published post for visitors; every comment of any post for the owner. */
  listForPost(postId: number, viewer: { owner: boolean }): Comment[] {
    const post = this.#store.get('posts', postId);
    if (!post || (!post.published && !viewer.owner)) throw new HttpError(404, POST_NOT_FOUND);
    const records = this.#store
      .filter('comments', (c) => c.postId === postId && (viewer.owner || c.isApproved))
      .sort(oldestFirst);
    return records.map(viewer.owner ? toOwnerComment : toPublicComment);
  }

  /** The moderation queue: every comment waiting, across posts, newest first, with its post's title. */
  listPending(): PendingComment[] {
    return this.#store
      .filter('comments', (c) => !c.isApproved)
      .sort(newestFirst)
      .map((c) => ({
        ...toOwnerComment(c),
        email: c.email,
        postTitle: this.#store.get('posts', c.postId)?.title ?? '',
      }));
  }

  /** Approves every waiting comment from `email` in one write; answers how many were approved. */
  async approveAllFrom(email: string): Promise<number> {
    return this.#store.write((tx) => {
      const waiting = tx.filter('comments', (c) => !c.isApproved && c.email === email.toLowerCase());
      for (const comment of waiting) {
        adjustCommentCount(tx, comment.postId, 1);
        tx.update('comments', comment.id, { isApproved: true });
      }
      return waiting.length;
    });
  }

  /** A visitor's comment on a published post, waiting for moderation. Answers its public shape. */
  async create(postId: number, input: CommentCreateInput, now = new Date()): Promise<Comment> {
    const record = await this.#store.write((tx) => {
      if (!tx.get('posts', postId)?.published) throw new HttpError(404, POST_NOT_FOUND);
      return tx.insert('comments', {
        postId,
        author: input.author,
        email: input.email.toLowerCase(),
        content: input.content,
        createdAt: now.toISOString(),
        isApproved: false,
        reported: false,
      });
    });
    return toPublicComment(record);
  }

  /**
   * The answer a bot that filled the honeypot gets: shaped like a real one so it learns nothing, but
   * nothing is stored. Still 404 for a post a real comment could not be posted on.
   */
  decoy(postId: number, input: CommentCreateInput, now = new Date()): Comment {
    if (!this.#store.get('posts', postId)?.published) throw new HttpError(404, POST_NOT_FOUND);
    let lastId = 0;
    for (const c of this.#store.values('comments')) lastId = Math.max(lastId, c.id);
    return {
      id: lastId + 1,
      postId,
      author: input.author,
      content: input.content,
      createdAt: now.toISOString(),
      isApproved: false,
    };
  }

  async approve(id: number): Promise<Comment> {
    const record = await this.#store.write((tx) => {
      const comment = tx.get('comments', id);
      if (!comment) throw new HttpError(404, COMMENT_NOT_FOUND);
      if (comment.isApproved) return comment;
      adjustCommentCount(tx, comment.postId, 1);
      return tx.update('comments', id, { isApproved: true });
    });
    return toOwnerComment(record);
  }

  async remove(id: number): Promise<void> {
    await this.#store.write((tx) => {
      const comment = tx.get('comments', id);
      if (!comment) throw new HttpError(404, COMMENT_NOT_FOUND);
      if (comment.isApproved) adjustCommentCount(tx, comment.postId, -1);
      tx.remove('comments', id);
    });
  }

  /**
   * A visitor flags an approved comment for the owner. Pending comments are invisible to visitors, so
   * they answer 404 like unknown ones (nothing to learn by probing ids).
   */
  async report(id: number): Promise<void> {
    await this.#store.write((tx) => {
      const comment = tx.get('comments', id);
      if (!comment?.isApproved) throw new HttpError(404, COMMENT_NOT_FOUND);
      if (!comment.reported) tx.update('comments', id, { reported: true });
    });
  }
}
