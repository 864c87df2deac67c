// "Email notifications": one mail to the owner when comments wait for moderation, grouped, at most one
// mail per interval. Progress lives in the store (the last comment alerted about, when the last mail went
// out), so a restart neither repeats an alert nor forgets comments that arrived meanwhile.
import { postPath } from '@private-notes/shared';
import type { SettingsService } from '../services/settings-service.ts';
import { storedSite } from '../services/site-service.ts';
import type { CommentRecord, Store } from '../storage/index.ts';
import type { MailService } from './mail-service.ts';
import { ownerSettings } from './owner.ts';
import { escapeHtml, renderMail } from './render-mail.ts';

const META = 'mail.commentAlerts';

interface AlertProgress {
  lastCommentId: number;
  lastSentAt: string | null;
}

/** Blog Admin's Comments view: every comment waiting, across posts, with approve and delete. */
export const MODERATION_QUEUE_PATH = '/admin/comments';

export class CommentAlerts {
  readonly #store: Store;
  readonly #mail: MailService;
  readonly #settings: SettingsService;
  #timer: NodeJS.Timeout | null = null;
  /** One check at a time, in call order. */
  #chain: Promise<unknown> = Promise.resolve();
  #warned = false;

  constructor(store: Store, mail: MailService, settings: SettingsService) {
    this.#store = store;
    this.#mail = mail;
    this.#settings = settings;
  }

  start(): void {
    this.#timer = setInterval(() => void this.check(), this.#mail.config.alertCheckMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /**
   * Sends the grouped alert if one is due; answers whether a mail went out. `requestOrigin` is the origin
   * of the comment that triggered the check (used for links in capture mode only, see MailService).
   */
  check(now = new Date(), requestOrigin: string | null = null): Promise<boolean> {
    const run = this.#chain.then(() => this.#check(now, requestOrigin));
    this.#chain = run.catch(() => {});
    return run;
  }

  async #check(now: Date, requestOrigin: string | null): Promise<boolean> {
    const settings = ownerSettings(this.#store, this.#settings);
    if (!settings?.emailNotifications || !settings.ownerEmail) return false;
    const progress = this.#store.getMeta<AlertProgress>(META) ?? { lastCommentId: 0, lastSentAt: null };
    const waiting = this.#store.filter('comments', (c) => !c.isApproved && c.id > progress.lastCommentId);
    if (waiting.length === 0) return false;
    if (
      progress.lastSentAt &&
      now.getTime() - Date.parse(progress.lastSentAt) < this.#mail.config.alertIntervalMs
    )
      return false;
    const publicUrl = this.#mail.publicUrl(requestOrigin);
    if (!publicUrl) {
      if (!this.#warned) console.warn('Comment alert not sent: PUBLIC_URL is not set.');
      this.#warned = true;
      return false;
    }
    try {
      await this.#mail.send(await this.#compose(settings.ownerEmail, waiting, publicUrl), 'alert', {
        keep: true,
      });
    } catch (error) {
      console.error('Comment alert not sent:', (error as Error).message);
      return false;
    }
    const lastCommentId = Math.max(...waiting.map((c) => c.id));
    await this.#store.write((tx) => tx.setMeta(META, { lastCommentId, lastSentAt: now.toISOString() }));
    return true;
  }

  async #compose(to: string, comments: CommentRecord[], publicUrl: string) {
    const byPost = new Map<number, CommentRecord[]>();
    for (const c of comments) byPost.set(c.postId, [...(byPost.get(c.postId) ?? []), c]);
    const sections: string[] = [];
    for (const [postId, list] of byPost) {
      const post = this.#store.get('posts', postId);
      if (!post) continue;
      const link = `${publicUrl}${postPath(post)}#comments`;
      const items = list
        .map(
          (c) => `<li><strong>${escapeHtml(c.author)}</strong>: ${escapeHtml(c.content.slice(0, 300))}</li>`,
        )
        .join('');
      sections.push(
        `<h2>${escapeHtml(post.title)}</h2><ul>${items}</ul><p><a href="${escapeHtml(link)}">Moderate the comments on “${escapeHtml(post.title)}”</a></p>`,
      );
    }
    const n = comments.length;
    const subject = `${n} new comment${n === 1 ? '' : 's'} waiting for moderation`;
    const queue = `${publicUrl}${MODERATION_QUEUE_PATH}`;
    const { html, text } = await renderMail({
      siteName: storedSite(this.#store).title,
      heading: subject,
      bodyHtml: `${sections.join('')}<p><a class="button" href="${escapeHtml(queue)}">Open the moderation queue</a></p>`,
      footerHtml: 'You get these alerts because “Email notifications” is on in Settings › Notifications.',
    });
    return { to, subject, html, text };
  }
}
