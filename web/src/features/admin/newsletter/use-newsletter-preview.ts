// The issue as subscribers will see it (subject, HTML, text) and how many active subscribers would get it,
// fetched each time the dialog opens: the count must be current when the owner confirms it.
import type { NewsletterPreview } from '@private-notes/shared';
import { useCallback, useEffect, useState } from 'react';
import { mailApi } from '../../../api/mail-api.ts';

export interface PreviewState {
  preview: NewsletterPreview | null;
  error: string | null;
  /** Fetches again (after the server said the recipient count changed). */
  reload(): void;
}

export function useNewsletterPreview(postId: number, enabled: boolean): PreviewState {
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the reload request
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setError(null);
    mailApi.newsletterPreview(postId, controller.signal).then(
      (answer) => setPreview(answer),
      (thrown: unknown) => {
        if (!controller.signal.aborted) setError(thrown instanceof Error ? thrown.message : String(thrown));
      },
    );
    return () => controller.abort();
  }, [postId, enabled, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { preview, error, reload };
}
