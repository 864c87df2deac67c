// Ids the app's own markup uses on pages that show rendered markdown (the frame, the post page with its
// comments and sidebar, the note viewer and editor). A heading in a post or note must never take one: a
// heading "Comments" would otherwise become a second `#comments`, and the "Comments" link would jump to
// the heading instead of the comments. createHeadingIds treats these as already used.
// page-ids.test.ts fails when a page gains a literal id that is not listed here.
export const PAGE_IDS: readonly string[] = [
  // frame
  'main',
  'mobile-menu',
  // post page and its sidebar
  'post-title',
  'toc-title',
  'related-title',
  'related-tags-title',
  'topics-title',
  'about-author-title',
  'newsletter-title',
  'newsletter-email',
  'category-panel',
  'categories-title',
  'featured-title',
  'faq-title',
  // comments
  'comments',
  'comments-title',
  'comment-form-title',
  'comment-name',
  'comment-name-error',
  'comment-email',
  'comment-email-error',
  'comment-website',
  'comment-text',
  'comment-text-error',
  'pending-title',
  // other screens in the same frame
  'blog-search',
  'blog-sort',
  'tag-search',
  'tag-sort',
  'notes-tag-filter-label',
  'notes-search-help',
  'linked-from-heading',
  'passkeys-heading',
  'vault-passkeys-heading',
  'sessions-heading',
  'signin-code',
  'totp-heading',
  'scheduled-backups-heading',
  'signin-username',
  'signin-password',
  'unsubscribe-email',
  'unsubscribe-email-error',
  'outbox-preview-title',
];
