// Sending a post as a newsletter issue, durably. The recipient list is fixed at the start as one record per
// recipient; each record is written `sending` (and fsynced) BEFORE the hand-over to SMTP and `sent` after
// the server accepted it. After a crash, a record still `sending` may or may not have been delivered: it
// becomes `uncertain` and is only sent again when the owner asks. Everyone else gets exactly one copy.
import type { BlogPost, NewsletterPreview, NewsletterSend } from '@private-notes/shared';
import { HttpError } from '../http/http-error.ts';
import type { JobContext, JobOutcome, JobRunner } from '../jobs/job-runner.ts';
import { type BlogService, POST_NOT_FOUND } from '../services/blog-service.ts';
import { storedSite } from '../services/site-service.ts';
import { type SubscriberService, statusOf } from '../services/subscriber-service.ts';
import type {
  JobRecord,
  NewsletterRecipientRecord,
  NewsletterSendRecord,
  RecipientState,
  Store,
  WriteTx,
} from '../storage/index.ts';
import { classifySmtpError, describeSmtpError } from './classify-smtp-error.ts';
import type { MailService } from './mail-service.ts';
import { signUnsubscribeToken } from './mail-tokens.ts';
import { type NewsletterTemplate, personalise, renderNewsletter } from './newsletter-mail.ts';

export const NEWSLETTER_JOB = 'newsletter-send';
const PREPARE_CHUNK = 500;
const COUNTED: Partial<Record<RecipientState, 'sent' | 'failed' | 'skipped' | 'uncertain'>> = {
  sent: 'sent',
  failed: 'failed',
  skipped: 'skipped',
  uncertain: 'uncertain',
};

export interface NewsletterDeps {
  store: Store;
  mail: MailService;
  blog: BlogService;
  subscribers: SubscriberService;
  jobs: JobRunner;
  tokenKey: Buffer;
}

export class NewsletterService {
  readonly #d: NewsletterDeps;
  /** Rendered issues by send id: one render per send, not per recipient. */
  readonly #templates = new Map<number, NewsletterTemplate>();

  constructor(deps: NewsletterDeps) {
    this.#d = deps;
    deps.jobs.register(NEWSLETTER_JOB, (job, context) => this.#run(job, context));
  }

  #post(postId: number): BlogPost {
    const post = this.#d.store.get('posts', postId);
    if (!post) throw new HttpError(404, POST_NOT_FOUND);
    return post;
  }

  #render(post: BlogPost, publicUrl: string): Promise<NewsletterTemplate> {
    return renderNewsletter(
      post,
      this.#d.blog.renderedHtml(post),
      publicUrl,
      storedSite(this.#d.store).title,
    );
  }

  async preview(postId: number, publicUrl: string): Promise<NewsletterPreview> {
    const template = await this.#render(this.#post(postId), publicUrl);
    const sample = personalise(template, 'subscriber@example.com', 'preview');
    return {
      subject: sample.subject,
      html: sample.html,
      text: sample.text,
      recipients: this.#d.subscribers.activeSubscribers().length,
    };
  }

  async sendTest(postId: number, to: string, publicUrl: string): Promise<void> {
    const template = await this.#render(this.#post(postId), publicUrl);
    const mail = personalise(template, to, 'preview');
    await this.#d.mail.send({ ...mail, subject: `[Test] ${mail.subject}` }, 'test', { keep: true });
  }

  get(postId: number): NewsletterSend | null {
    const send = this.#d.store.lookup('newsletterSends', 'postId', String(postId));
    return send ? this.#toPublic(send) : null;
  }

  #toPublic(send: NewsletterSendRecord): NewsletterSend {
    const job = this.#d.store.get('jobs', send.jobId);
    const left = send.total - send.sent - send.failed - send.skipped - send.uncertain;
    // A handler that crashed counts as paused: the owner sees why and can resume.
    const stopped = job?.state === 'paused' || job?.state === 'failed';
    const state = stopped ? 'paused' : job?.state === 'done' && left === 0 ? 'done' : 'sending';
    return {
      id: send.id,
      postId: send.postId,
      state,
      total: send.total,
      sent: send.sent,
      failed: send.failed,
      skipped: send.skipped,
      uncertain: send.uncertain,
      left,
      pausedReason: stopped ? (job.pausedReason ?? job.error) : null,
      startedAt: send.startedAt,
      finishedAt: send.finishedAt,
    };
  }

  /** Checks what `start` will check, so "publish and send" can refuse before publishing anything. */
  assertCanStart(postId: number, confirmedRecipients: number, options: { draftAllowed: boolean }): void {
    const post = this.#post(postId);
    if (!post.published && !options.draftAllowed)
      throw new HttpError(409, 'Only a published post can be sent as a newsletter');
    if (this.#d.store.lookup('newsletterSends', 'postId', String(postId)))
      throw new HttpError(409, 'This post has already been sent as a newsletter');
    const active = this.#d.subscribers.activeSubscribers().length;
    if (active === 0) throw new HttpError(409, 'There are no active subscribers to send to');
    if (active !== confirmedRecipients)
      throw new HttpError(
        400,
        `recipients: the post would now go to ${active} subscribers, not ${confirmedRecipients}; review and confirm again`,
      );
  }

  /**
   * Creates the send and its job in one transaction; the job then fixes the recipient list (in chunks, so
   * 10,000 records do not hold the event loop) before the first message goes out.
   */
  async start(
    postId: number,
    confirmedRecipients: number,
    publicUrl: string,
    now = new Date(),
  ): Promise<NewsletterSend> {
    const { send, job } = await this.#d.store.write((tx) => {
      this.assertCanStart(postId, confirmedRecipients, { draftAllowed: false });
      return this.#createSend(tx, postId, confirmedRecipients, publicUrl, now);
    });
    this.#d.jobs.wake(job.id);
    return this.#toPublic(send);
  }

  /**
   * The issue of a scheduled post, started inside the transaction that publishes it (blog-service.ts): to
   * every subscriber active at that moment. None when the post already went out (a send is one per post,
   * also by its job's key) or nobody is subscribed. Answers the job to wake once the transaction is durable.
   */
  startScheduledIn(tx: WriteTx, post: BlogPost, publicUrl: string, now: Date): number | null {
    if (tx.lookup('newsletterSends', 'postId', String(post.id))) return null;
    const recipients = tx.filter('subscribers', (s) => statusOf(s) === 'active').length;
    if (recipients === 0) {
      console.warn(`Post #${post.id} was published on schedule; no newsletter: nobody is subscribed.`);
      return null;
    }
    return this.#createSend(tx, post.id, recipients, publicUrl, now).job.id;
  }

  /** The send record and its job, in the caller's transaction. */
  #createSend(
    tx: WriteTx,
    postId: number,
    recipients: number,
    publicUrl: string,
    now: Date,
  ): { send: NewsletterSendRecord; job: JobRecord } {
    const sendId = tx.nextId('newsletterSends');
    const job = this.#d.jobs.enqueueIn(tx, NEWSLETTER_JOB, `newsletter:${postId}`, { sendId }, now);
    const send = tx.insert('newsletterSends', {
      id: sendId,
      postId,
      jobId: job.id,
      publicUrl,
      prepared: false,
      total: recipients,
      sent: 0,
      failed: 0,
      skipped: 0,
      uncertain: 0,
      startedAt: now.toISOString(),
      finishedAt: null,
    });
    return { send, job };
  }

  #sendOf(postId: number): NewsletterSendRecord {
    const send = this.#d.store.lookup('newsletterSends', 'postId', String(postId));
    if (!send) throw new HttpError(404, 'This post has not been sent as a newsletter');
    return send;
  }

  async resume(postId: number): Promise<NewsletterSend> {
    const send = this.#sendOf(postId);
    const job = this.#d.store.get('jobs', send.jobId);
    if (job?.state !== 'paused' && job?.state !== 'failed')
      throw new HttpError(409, 'This newsletter is not paused');
    await this.#d.jobs.resume(send.jobId);
    return this.#toPublic(this.#sendOf(postId));
  }

  /** The owner accepted possible duplicates: uncertain recipients are sent again. */
  async retryUncertain(postId: number): Promise<NewsletterSend> {
    const send = this.#sendOf(postId);
    const moved = await this.#d.store.write((tx) => {
      let n = 0;
      for (const r of tx.values('newsletterRecipients'))
        if (r.sendId === send.id && r.state === 'uncertain') {
          setState(tx, r, { state: 'pending', nextAttemptAt: null });
          n++;
        }
      if (n > 0) tx.update('newsletterSends', send.id, { finishedAt: null });
      return n;
    });
    if (moved === 0) throw new HttpError(409, 'No recipients are uncertain');
    await this.#d.jobs.resume(send.jobId);
    return this.#toPublic(this.#sendOf(postId));
  }

  /**
   * Run at start-up, before the job runner: a recipient still `sending` was being handed to SMTP when the
   * process stopped. It may have been delivered, so it is never re-sent automatically.
   */
  async markInterrupted(sendId?: number): Promise<number> {
    return this.#d.store.write((tx) => {
      let n = 0;
      for (const r of tx.values('newsletterRecipients'))
        if (r.state === 'sending' && (sendId === undefined || r.sendId === sendId)) {
          setState(tx, r, {
            state: 'uncertain',
            error: 'The server stopped while handing this message to SMTP',
          });
          n++;
        }
      return n;
    });
  }

  /**
   * Writes one pending record per active subscriber, 500 per transaction with a yield between, then marks
   * the list fixed. Resumable: after a crash it adds only the subscribers not yet on the list. Nothing is
   * sent before the list is complete.
   */
  async #prepare(sendId: number, signal: AbortSignal): Promise<boolean> {
    const { store, subscribers } = this.#d;
    const listed = new Set<number>();
    for (const r of store.values('newsletterRecipients')) if (r.sendId === sendId) listed.add(r.subscriberId);
    const todo = subscribers.activeSubscribers().filter((s) => !listed.has(s.id));
    for (let i = 0; i < todo.length; i += PREPARE_CHUNK) {
      if (signal.aborted) return false;
      const at = new Date().toISOString();
      await store.write((tx) => {
        for (const s of todo.slice(i, i + PREPARE_CHUNK))
          tx.insert('newsletterRecipients', {
            sendId,
            subscriberId: s.id,
            email: s.email,
            state: 'pending',
            tries: 0,
            nextAttemptAt: null,
            error: null,
            updatedAt: at,
          });
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
    await store.write((tx) =>
      tx.update('newsletterSends', sendId, { prepared: true, total: listed.size + todo.length }),
    );
    return true;
  }

  /** The job: send every due pending recipient with as many workers as SMTP connections. */
  async #run(job: JobRecord, context: JobContext): Promise<JobOutcome> {
    const { store, mail } = this.#d;
    const sendId = (job.payload as { sendId: number }).sendId;
    if (!store.get('newsletterSends', sendId)) return { state: 'done' };
    // This instance holds the send's claim and a run ends only when its hand-overs have: a record still
    // `sending` was left by a holder that died (this process before a crash, or another instance).
    await this.markInterrupted(sendId);
    if (!store.get('newsletterSends', sendId)!.prepared && !(await this.#prepare(sendId, context.signal)))
      return { state: 'wait', until: new Date() };
    const send = store.get('newsletterSends', sendId)!;
    const post = store.get('posts', send.postId);
    let template = this.#templates.get(send.id);
    if (!template && post) {
      template = await this.#render(post, send.publicUrl);
      this.#templates.set(send.id, template);
    }
    const { pauseAfterErrors, maxConnections } = mail.config;
    let pausedReason: string | null = null;
    let errorsInARow = 0;

    for (;;) {
      const now = Date.now();
      const queue: NewsletterRecipientRecord[] = [];
      for (const r of store.values('newsletterRecipients'))
        if (
          r.sendId === send.id &&
          r.state === 'pending' &&
          (!r.nextAttemptAt || Date.parse(r.nextAttemptAt) <= now)
        )
          queue.push(r);
      if (queue.length === 0) break;

      const worker = async (): Promise<void> => {
        // A message SMTP accepted is marked `sent` in the same transaction as this worker's next record
        // (one journal write per message, so fewer retired caches), and that write is durable before the
        // next hand-over. A crash leaves at most one record per worker in doubt (the last one handed over),
        // never a pending one that already went out.
        let accepted: NewsletterRecipientRecord | null = null;
        const markAccepted = (tx: WriteTx) => {
          if (accepted) setState(tx, accepted, { state: 'sent', error: null, nextAttemptAt: null });
          accepted = null;
        };
        while (!context.signal.aborted && pausedReason === null) {
          const next = queue.shift();
          if (!next) break;
          const r = store.get('newsletterRecipients', next.id);
          if (r?.state !== 'pending') continue;
          const subscriber = store.get('subscribers', r.subscriberId);
          if (!template || !subscriber || statusOf(subscriber) !== 'active') {
            await store.write((tx) => {
              markAccepted(tx);
              setState(tx, r, { state: 'skipped' });
            });
            continue;
          }
          // Durable before the hand-over: a crash from here on leaves the record `sending` → uncertain.
          const sending = await store.write((tx) => {
            markAccepted(tx);
            return setState(tx, r, { state: 'sending', tries: r.tries + 1 });
          });
          const token = signUnsubscribeToken(this.#d.tokenKey, r.subscriberId);
          try {
            await mail.send(personalise(template, r.email, token), 'newsletter', { keep: false });
          } catch (error) {
            errorsInARow++;
            const reason = await this.#recordFailure(sending, error);
            if (reason.pause) pausedReason = reason.pause;
            else if (errorsInARow >= pauseAfterErrors)
              pausedReason = `Paused after ${errorsInARow} failed attempts in a row. The last answer: ${reason.text}`;
            continue;
          }
          errorsInARow = 0;
          accepted = sending;
        }
        if (accepted) await store.write(markAccepted);
      };
      await Promise.all(Array.from({ length: Math.min(maxConnections, queue.length) }, worker));
      if (context.signal.aborted) return { state: 'wait', until: new Date() };
      if (pausedReason !== null) return { state: 'paused', reason: pausedReason };
    }

    let nextRetry = Number.POSITIVE_INFINITY;
    for (const r of store.values('newsletterRecipients'))
      if (r.sendId === send.id && r.state === 'pending')
        nextRetry = Math.min(nextRetry, r.nextAttemptAt ? Date.parse(r.nextAttemptAt) : Date.now());
    if (Number.isFinite(nextRetry)) return { state: 'wait', until: new Date(nextRetry) };

    // The owner's post card shows "Sent to N subscribers on {date}" from this (BlogService.#forOwner).
    await store.write((tx) =>
      tx.update('newsletterSends', send.id, { finishedAt: new Date().toISOString() }),
    );
    this.#templates.delete(send.id);
    return { state: 'done' };
  }

  /** What a failed hand-over means for the recipient (and the subscriber); `pause` stops the whole send. */
  async #recordFailure(
    sending: NewsletterRecipientRecord,
    error: unknown,
  ): Promise<{ text: string; pause?: string }> {
    const { store, mail, subscribers } = this.#d;
    const kind = classifySmtpError(error);
    const text = describeSmtpError(error);
    if (kind === 'auth') {
      // Not this recipient's fault: back to pending without spending a try.
      await store.write((tx) =>
        setState(tx, sending, { state: 'pending', tries: sending.tries - 1, error: text }),
      );
      return {
        text,
        pause: `SMTP authentication failed: ${text}. Check SMTP_USER and SMTP_PASSWORD, then resume.`,
      };
    }
    if (kind === 'permanent') {
      await store.write((tx) => setState(tx, sending, { state: 'failed', error: text }));
      await subscribers.markBounced(sending.subscriberId, text);
    } else if (kind === 'uncertain') {
      await store.write((tx) => setState(tx, sending, { state: 'uncertain', error: text }));
    } else if (sending.tries > mail.config.retryDelaysMs.length) {
      await store.write((tx) => setState(tx, sending, { state: 'failed', error: text }));
    } else {
      const nextAttemptAt = new Date(
        Date.now() + mail.config.retryDelaysMs[sending.tries - 1]!,
      ).toISOString();
      await store.write((tx) => setState(tx, sending, { state: 'pending', error: text, nextAttemptAt }));
    }
    return { text };
  }
}

/** Moves a recipient to a new state and keeps its send's counters in step, in the same transaction. */
function setState(
  tx: WriteTx,
  recipient: NewsletterRecipientRecord,
  patch: Partial<Omit<NewsletterRecipientRecord, 'id'>> & { state: RecipientState },
): NewsletterRecipientRecord {
  const current = tx.get('newsletterRecipients', recipient.id)!;
  const send = tx.get('newsletterSends', current.sendId);
  if (send && current.state !== patch.state) {
    const counters: Partial<NewsletterSendRecord> = {};
    const from = COUNTED[current.state];
    const to = COUNTED[patch.state];
    if (from) counters[from] = send[from] - 1;
    if (to) counters[to] = (counters[to] ?? send[to]) + 1;
    if (from || to) tx.update('newsletterSends', send.id, counters);
  }
  return tx.update('newsletterRecipients', recipient.id, { ...patch, updatedAt: new Date().toISOString() });
}
