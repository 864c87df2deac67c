// A post's newsletter send as the dialog shows it: loaded once when the dialog opens, then polled every
// 1.5 s while it is sending (each poll waits for the previous answer, so a slow server is never asked
// twice at once). Actions (send, resume, retry) hand their answer to `replace`, which restarts the poll.
import type { NewsletterSend } from '@private-notes/shared';
import { useEffect, useState } from 'react';
import { mailApi } from '../../../api/mail-api.ts';
import { NEWSLETTER_POLL_MS, shouldPoll } from './newsletter-progress.ts';

export interface NewsletterProgress {
  /** undefined while the first answer is awaited; null when the post was never sent. */
  send: NewsletterSend | null | undefined;
  /** The last failed load's message (polling goes on: a network blip should not end the view). */
  error: string | null;
  replace(send: NewsletterSend): void;
}

export function useNewsletterProgress(postId: number): NewsletterProgress {
  const [send, setSend] = useState<NewsletterSend | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const polling = shouldPoll(send);
  const loaded = send !== undefined;

  // The first answer, and a fresh series of polls each time a send starts sending.
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const answer = await mailApi.newsletterSend(postId, controller.signal);
        if (controller.signal.aborted) return;
        setSend(answer);
        setError(null);
        if (shouldPoll(answer)) timer = setTimeout(load, NEWSLETTER_POLL_MS);
      } catch (thrown) {
        if (controller.signal.aborted) return;
        setError(thrown instanceof Error ? thrown.message : String(thrown));
        if (polling) timer = setTimeout(load, NEWSLETTER_POLL_MS);
      }
    };
    // While not polling, only the first load is needed (the action that starts a send brings its answer).
    if (polling) timer = setTimeout(load, NEWSLETTER_POLL_MS);
    else if (!loaded) void load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [postId, polling, loaded]);

  return { send, error, replace: setSend };
}
