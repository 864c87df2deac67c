// A visitor's comment on a post. Goes to moderation; e-mails are shown to the owner only.
import { z } from 'zod';
import { EmailSchema, IdSchema, IsoDateSchema } from './common.ts';

export const COMMENT_AUTHOR_MAX = 100;
export const COMMENT_CONTENT_MAX = 5000;

export const CommentSchema = z.object({
  id: IdSchema,
  postId: IdSchema,
  author: z.string(),
  /** Present only in answers to the signed-in owner. */
  email: z.string().optional(),
  content: z.string(),
  createdAt: IsoDateSchema,
  isApproved: z.boolean(),
  /** Set when a visitor reported the comment; shown to the owner only. */
  reported: z.boolean().optional(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** POST /api/blog/{id}/comments. `website` is a honeypot: people leave it empty. */
export const CommentCreateSchema = z.object({
  author: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(COMMENT_AUTHOR_MAX, `must be at most ${COMMENT_AUTHOR_MAX} characters`),
  email: z.string().trim().min(1, 'Email is required').pipe(EmailSchema),
  content: z
    .string()
    .trim()
    .min(1, 'Comment text is required')
    .max(COMMENT_CONTENT_MAX, `must be at most ${COMMENT_CONTENT_MAX} characters`),
  website: z.string().max(200).optional(),
});
export type CommentCreate = z.input<typeof CommentCreateSchema>;

/** A comment waiting for moderation as the owner's queue lists it: with the post it is on. */
export interface PendingComment extends Comment {
  email: string;
  postTitle: string;
}

/** POST /api/admin/comments/approve-author: approves every waiting comment from this address. */
export const ApproveAuthorSchema = z.object({ email: z.string().trim().toLowerCase().pipe(EmailSchema) });
export type ApproveAuthor = z.infer<typeof ApproveAuthorSchema>;
