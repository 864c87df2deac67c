// A newsletter subscriber. Subscribing creates a pending subscriber that confirms from its inbox (double
// opt-in); unsubscribing or a permanent delivery failure stops the mail; nothing is ever deleted.
import { z } from 'zod';
import { EmailSchema, IdSchema, IsoDateSchema, TagsSchema } from './common.ts';

export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced'] as const;
export const SubscriberStatusSchema = z.enum(SUBSCRIBER_STATUSES);
export type SubscriberStatus = z.infer<typeof SubscriberStatusSchema>;

export const SubscriberSchema = z.object({
  id: IdSchema,
  email: z.string(),
  name: z.string().nullable().optional(),
  interests: z.array(z.string()),
  /** True only when `status` is `active` (kept for the spec's Active/Inactive filters and CSV). */
  active: z.boolean(),
  status: SubscriberStatusSchema,
  subscribedAt: IsoDateSchema,
});
export type Subscriber = z.infer<typeof SubscriberSchema>;

/** POST /api/subscribe. */
export const SubscribeSchema = z.object({
  email: EmailSchema,
  name: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  interests: TagsSchema.optional(),
});
export type Subscribe = z.input<typeof SubscribeSchema>;

/** The random confirmation token of a subscribe mail, or a signed unsubscribe token: URL-safe text. */
export const MailTokenSchema = z
  .string()
  .trim()
  .min(16, 'must be a token from an e-mail')
  .max(200, 'must be a token from an e-mail')
  .regex(/^[A-Za-z0-9_.-]+$/, 'must be a token from an e-mail');

/**
 * POST /api/unsubscribe: `{ email }` (the spec's form) or `{ token }` (the link in a mail). Answers success
 * for any valid address or token, known or not.
 */
export const UnsubscribeSchema = z
  .object({ email: EmailSchema.optional(), token: MailTokenSchema.optional() })
  .refine((v) => v.email !== undefined || v.token !== undefined, {
    message: 'is required',
    path: ['email'],
  });
export type Unsubscribe = z.input<typeof UnsubscribeSchema>;

/** POST /api/subscribe/confirm and POST /api/unsubscribe/one-click?token=. */
export const MailTokenBodySchema = z.object({ token: MailTokenSchema });

/** A confirmation link works this long after it was mailed. */
export const CONFIRM_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
/** A pending address that signs up again gets the confirmation mail again at most this often. */
export const CONFIRM_RESEND_INTERVAL_MS = 10 * 60 * 1000;
export const SUBSCRIBE_MESSAGE = 'Thanks! Please check your inbox and confirm your subscription.';
export const CONFIRMED_MESSAGE = 'Your subscription is confirmed.';
/** POST /api/unsubscribe with a token older than a year: 410, and the page offers the address form. */
export const UNSUBSCRIBE_LINK_EXPIRED_MESSAGE =
  'This unsubscribe link has expired. Enter your email address below to unsubscribe; we will mail you a notice with a way back. To subscribe again, use the form on the blog.';
export const CONFIRM_INVALID_MESSAGE =
  'This confirmation link is invalid or has expired. Subscribe again to get a new one.';

/** PUT /api/admin/subscribers/{id}. */
export const SubscriberUpdateSchema = z.object({ active: z.boolean() });
