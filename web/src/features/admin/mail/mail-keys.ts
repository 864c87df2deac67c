// Cache keys of the owner's e-mail screens, in a module of their own: route loaders sit in the entry chunk
// every page loads, so they import these names and never the owner's API calls.
export const MAIL_STATUS_KEY = ['/api/admin/mail/status'] as const;
export const OUTBOX_KEY = ['/api/admin/mail/outbox'] as const;
