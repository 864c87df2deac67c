// Counts a visit to a post once per browser session (the featured card shows real view counts). Runs
// only in the browser, so crawlers fetching the server-rendered page do not inflate the count.
import { useEffect } from 'react';
import { api } from '../../api/api.ts';

export function useRecordView(postId: number, published: boolean): void {
  useEffect(() => {
    if (!published) return;
    const key = `blog-viewed-${postId}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch {
      // No session storage: count this view anyway.
    }
    api.recordPostView(postId).catch(() => {
      // A missed view count is not worth bothering the reader.
    });
  }, [postId, published]);
}
