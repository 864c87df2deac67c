// The owner's e-mail calls (transport status, Outbox, newsletter sends), typed with the shared schemas.
// Kept apart from api.ts on purpose: api.ts sits in every public page's bundle, and none of these calls is
// ever made from a public page (docs/decisions/public-pages-ssr-and-bundle.md).
import {
  API,
  type MailStatus,
  type MessageAnswer,
  type NewsletterPreview,
  type NewsletterSend,
  type OutboxList,
  type OutboxMessageDetail,
} from '@private-notes/shared';
import { apiRequest } from './request.ts';

export const mailApi = {
  status: (signal?: AbortSignal) => apiRequest<MailStatus>(API.mailStatus, { signal }),
  /** 200 with what was checked, or 502 with the SMTP server's refusal. */
  verify: () => apiRequest<MessageAnswer>(API.mailVerify, { method: 'POST' }),
  /** A test mail to the owner's address (Settings › Profile › Email); 400 when there is none. */
  sendTest: () => apiRequest<MessageAnswer>(API.mailTest, { method: 'POST' }),
  outbox: (signal?: AbortSignal) => apiRequest<OutboxList>(API.mailOutbox, { signal }),
  outboxMessage: (id: string, signal?: AbortSignal) =>
    apiRequest<OutboxMessageDetail>(API.mailOutboxMessage(id), { signal }),
  /** A plain link (a download), not a fetch: the browser saves the raw message. */
  outboxEmlUrl: (id: string) => API.mailOutboxEml(id),

  newsletterPreview: (postId: number, signal?: AbortSignal) =>
    apiRequest<NewsletterPreview>(API.newsletterPreview(postId), { signal }),
  newsletterTest: (postId: number) =>
    apiRequest<MessageAnswer>(API.newsletterTest(postId), { method: 'POST' }),
  newsletterSend: (postId: number, signal?: AbortSignal) =>
    apiRequest<NewsletterSend | null>(API.newsletter(postId), { signal }),
  /** `recipients` is the count the owner confirmed; the server refuses (400) if it no longer matches. */
  sendNewsletter: (postId: number, recipients: number) =>
    apiRequest<NewsletterSend>(API.newsletter(postId), { method: 'POST', body: { recipients } }),
  publishAndSend: (postId: number, recipients: number) =>
    apiRequest<NewsletterSend>(API.publishAndSend(postId), { method: 'POST', body: { recipients } }),
  resumeNewsletter: (postId: number) =>
    apiRequest<NewsletterSend>(API.newsletterResume(postId), { method: 'POST' }),
  retryUncertain: (postId: number) =>
    apiRequest<NewsletterSend>(API.newsletterRetryUncertain(postId), { method: 'POST' }),
};
