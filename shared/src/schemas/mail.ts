// E-mail as the owner sees it: the transport's status, the Outbox of sent and captured messages, and
// newsletter sends of a post with their progress. Tokens and subscriber states live in subscriber.ts.
import { z } from 'zod';
import { IdSchema, IsoDateSchema } from './common.ts';

/** GET /api/admin/mail/status. */
export const MailStatusSchema = z.object({
  transport: z.enum(['smtp', 'capture']),
  /** e.g. "SMTP smtp.example.com:587 (pooled, 5 connections)" or "Captured to the Outbox (no SMTP configured)". */
  description: z.string(),
  from: z.string(),
  publicUrl: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  /** Messages waiting in the Outbox in capture mode. */
  captured: z.number().int().nonnegative(),
  /** Things that stop mail from working, e.g. "PUBLIC_URL is not set". */
  problems: z.array(z.string()),
});
export type MailStatus = z.infer<typeof MailStatusSchema>;

export const MAIL_KINDS = ['confirmation', 'newsletter', 'alert', 'digest', 'test', 'notice'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const OUTBOX_STATES = ['captured', 'sent', 'failed'] as const;

/** One row of GET /api/admin/mail/outbox (newest first). */
export const OutboxMessageSchema = z.object({
  id: z.string(),
  createdAt: IsoDateSchema,
  to: z.string(),
  subject: z.string(),
  kind: z.enum(MAIL_KINDS),
  /** `captured` is never "delivered": it was written to a file because no SMTP server is configured. */
  state: z.enum(OUTBOX_STATES),
  error: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxListSchema = z.object({ messages: z.array(OutboxMessageSchema) });
export type OutboxList = z.infer<typeof OutboxListSchema>;

/** GET /api/admin/mail/outbox/{id}: the message parsed from its stored .eml. */
export const OutboxMessageDetailSchema = OutboxMessageSchema.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type OutboxMessageDetail = z.infer<typeof OutboxMessageDetailSchema>;

/** GET /api/admin/blog/{id}/newsletter/preview: the issue as subscribers will see it. */
export const NewsletterPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Active subscribers now: the owner confirms this number when sending. */
  recipients: z.number().int().nonnegative(),
});
export type NewsletterPreview = z.infer<typeof NewsletterPreviewSchema>;

/** POST /api/admin/blog/{id}/newsletter and /publish-and-send: the count the owner confirmed. */
export const NewsletterSendRequestSchema = z.object({
  recipients: z.number().int('must be a whole number').nonnegative('must not be negative'),
});
export type NewsletterSendRequest = z.infer<typeof NewsletterSendRequestSchema>;

export const NEWSLETTER_SEND_STATES = ['sending', 'paused', 'done'] as const;

/** GET /api/admin/blog/{id}/newsletter (or null): a send's progress. Poll every 1–2 s while sending. */
export const NewsletterSendSchema = z.object({
  id: IdSchema,
  postId: IdSchema,
  state: z.enum(NEWSLETTER_SEND_STATES),
  total: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  /** Being handed to SMTP when the server stopped: maybe delivered. Never re-sent without the owner. */
  uncertain: z.number().int().nonnegative(),
  /** Still to send (pending, being sent, or waiting to retry). */
  left: z.number().int().nonnegative(),
  pausedReason: z.string().nullable(),
  startedAt: IsoDateSchema,
  finishedAt: IsoDateSchema.nullable(),
});
export type NewsletterSend = z.infer<typeof NewsletterSendSchema>;

/** The `{ message }` answer of verify, test sends, confirm and unsubscribe. */
export const MessageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;
