// A newsletter subscriber. Unsubscribing marks inactive; subscribing again reactivates.
import { z } from 'zod';
import { EmailSchema, IdSchema, IsoDateSchema, TagsSchema } from './common.ts';

export const SubscriberSchema = z.object({
  id: IdSchema,
  email: z.string(),
  name: z.string().nullable().optional(),
  interests: z.array(z.string()),
  active: z.boolean(),
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

/** POST /api/unsubscribe. Answers success for any valid address. */
export const UnsubscribeSchema = z.object({ email: EmailSchema });

/** PUT /api/admin/subscribers/{id}. */
export const SubscriberUpdateSchema = z.object({ active: z.boolean() });
