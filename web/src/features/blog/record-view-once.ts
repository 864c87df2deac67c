// Counts a visit to a post once per browser session (use-record-view.ts in the owner's app, the public
// pages' islands/dom/post-behaviours.ts). Only a browser runs it, so crawlers do not inflate the count.
export function recordViewOnce(postId: number, send: (postId: number) => Promise<unknown>): void {
  const key = `blog-viewed-${postId}`;
  try {
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
  } catch {
    // No session storage: count this view anyway.
  }
  send(postId).catch(() => {
    // A missed view count is not worth bothering the reader.
  });
}
