// Every HTTP path of the product, in one place, so the server's routes and the web client's calls agree.
export const API = {
  user: '/api/user',
  login: '/api/login',
  register: '/api/register',
  logout: '/api/logout',
  settings: '/api/user/settings',
  password: '/api/user/password',

  notes: '/api/notes',
  note: (id: number) => `/api/notes/${id}`,
  noteChanges: '/api/notes/changes',
  /** POST up to NOTE_BATCH_MAX creates, updates and deletes in one transaction (the sync engine's push). */
  notesBatch: '/api/notes/batch',
  noteRevisions: (noteId: number) => `/api/notes/${noteId}/revisions`,
  noteRevision: (noteId: number, revisionId: number) => `/api/notes/${noteId}/revisions/${revisionId}`,
  /** GET the Trash (deleted notes kept 30 days), DELETE to empty it. */
  trash: '/api/trash',
  /** DELETE: remove one note and its revisions for good. */
  trashedNote: (id: number) => `/api/trash/${id}`,
  /** POST: bring a deleted note back with its history. */
  trashRestore: (id: number) => `/api/trash/${id}/restore`,
  suggestTags: '/api/notes/suggest-tags',
  extractInsights: '/api/notes/extract-insights',
  generateFlashcards: '/api/notes/generate-flashcards',
  keyInsights: '/api/notes/key-insights',

  aiStatus: '/api/ai/status',
  generateBlog: '/api/ai/generate-blog',
  explain: '/api/ai/explain',
  explanations: '/api/ai/explanations',

  blog: '/api/blog',
  blogPost: (id: number) => `/api/blog/${id}`,
  blogPostView: (id: number) => `/api/blog/${id}/view`,
  /** Every tag of the published posts: `{ tag, count, latestDate }[]`, most used first. */
  blogTags: '/api/blog/tags',
  blogTag: (tag: string) => `/api/blog/tags/${encodeURIComponent(tag)}`,
  postComments: (postId: number) => `/api/blog/${postId}/comments`,
  approveComment: (id: number) => `/api/comments/${id}/approve`,
  reportComment: (id: number) => `/api/comments/${id}/report`,
  comment: (id: number) => `/api/comments/${id}`,
  /** The moderation queue (owner): every comment waiting, across posts, newest first. */
  pendingComments: '/api/admin/comments/pending',
  /** POST `{ email }`: approves every waiting comment from that address. */
  approveAuthor: '/api/admin/comments/approve-author',

  /** The site's identity with its author (public); GET/PUT Settings › Site (owner). */
  site: '/api/site',
  adminSite: '/api/admin/site',

  /** PUT (owner) or GET an attachment by the SHA-256 of its bytes; `?w=` for a resized image. */
  attachment: (sha256: string) => `/api/attachments/${sha256}`,
  attachmentLimits: '/api/attachments/limits',

  adminBlog: '/api/admin/blog',
  adminBlogPost: (id: number) => `/api/admin/blog/${id}`,
  adminSubscribers: '/api/admin/subscribers',
  /** A zip of everything the server holds (owner only); restored with `npm run restore`. */
  adminBackup: '/api/admin/backup',
  /** GET → `BackupStatus` (scheduled backups); POST writes and verifies one now → `BackupStatus`. */
  adminBackups: '/api/admin/backups',
  /** The newest verified scheduled backup, as a download. */
  adminBackupsLatest: '/api/admin/backups/latest',
  adminSubscriber: (id: number) => `/api/admin/subscribers/${id}`,

  subscribe: '/api/subscribe',
  unsubscribe: '/api/unsubscribe',
  /** POST `{ token }` from the confirmation page (the page's GET changes nothing). */
  subscribeConfirm: '/api/subscribe/confirm',
  /** RFC 8058 one-click: POST `?token=` with no cookie and no Origin; always 200. */
  unsubscribeOneClick: '/api/unsubscribe/one-click',

  mailStatus: '/api/admin/mail/status',
  mailVerify: '/api/admin/mail/verify',
  mailTest: '/api/admin/mail/test',
  mailOutbox: '/api/admin/mail/outbox',
  mailOutboxMessage: (id: string) => `/api/admin/mail/outbox/${encodeURIComponent(id)}`,
  mailOutboxEml: (id: string) => `/api/admin/mail/outbox/${encodeURIComponent(id)}/eml`,
  newsletterPreview: (postId: number) => `/api/admin/blog/${postId}/newsletter/preview`,
  newsletterTest: (postId: number) => `/api/admin/blog/${postId}/newsletter/test`,
  /** GET → `NewsletterSend | null`; POST `{ recipients }` → 202 `NewsletterSend`. */
  newsletter: (postId: number) => `/api/admin/blog/${postId}/newsletter`,
  publishAndSend: (postId: number) => `/api/admin/blog/${postId}/publish-and-send`,
  newsletterResume: (postId: number) => `/api/admin/blog/${postId}/newsletter/resume`,
  newsletterRetryUncertain: (postId: number) => `/api/admin/blog/${postId}/newsletter/retry-uncertain`,
} as const;

/** Public pages that mails link to (rendered by the web app). */
export const MAIL_PAGES = {
  confirm: '/subscribe/confirm',
  unsubscribe: '/unsubscribe',
} as const;

/** The shape of every error answer: `{ "message": "…" }`, sometimes with more fields (a 409 adds `note`). */
export interface ErrorBody {
  message: string;
}
