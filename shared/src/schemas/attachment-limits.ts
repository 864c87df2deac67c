// Attachment limits, apart from the attachment schemas so that the browser's first screen, which needs only
// these, does not load the schema library (web: the owner's first visit).
/** Per-file limit when ATTACHMENT_MAX_BYTES is not set. */
export const ATTACHMENT_MAX_BYTES_DEFAULT = 25 * 1024 * 1024;
/** Total of all stored attachments when ATTACHMENT_QUOTA_BYTES is not set. */
export const ATTACHMENT_QUOTA_BYTES_DEFAULT = 2 * 1024 * 1024 * 1024;
/** How long an attachment nothing refers to is kept before garbage collection (ATTACHMENT_GC_GRACE_DAYS). */
export const ATTACHMENT_GC_GRACE_DAYS_DEFAULT = 30;
export const ATTACHMENT_NAME_MAX = 255;
