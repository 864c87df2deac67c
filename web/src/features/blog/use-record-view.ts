// Counts a visit to a post once per browser session (the featured card shows real view counts). Runs
// only in the browser, so crawlers fetching the server-rendered page do not inflate the count.
import { useEffect } from 'react';
import { api } from '../../api/api.ts';
import { recordViewOnce } from './record-view-once.ts';

export function useRecordView(postId: number, published: boolean): void {
  useEffect(() => {
    if (published) recordViewOnce(postId, api.recordPostView);
  }, [postId, published]);
}
