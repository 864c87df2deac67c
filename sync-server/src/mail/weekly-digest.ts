// "Weekly digest": once a week (DIGEST_DAY / DIGEST_HOUR, server time zone) a summary for the owner of new
// subscribers, comments and post views. Keyed by the ISO week of the scheduled time: a restart never sends
// it twice, and a week missed while the server was down goes out once at the next start.
import { postPath } from '@private-notes/shared';
import { Cron } from 'croner';
import type { SettingsService } from '../services/settings-service.ts';
import { storedSite } from '../services/site-service.ts';
import { statusOf } from '../services/subscriber-service.ts';
import type { Store } from '../storage/index.ts';
import { isoWeekKey } from './iso-week.ts';
import type { MailService, OutgoingMail } from './mail-service.ts';
import { ownerSettings } from './owner.ts';
import { escapeHtml, renderMail } from './render-mail.ts';

const WEEK_META = 'mail.digestWeek';
const VIEWS_META = 'mail.digestViews';
const WEEK_MS = 7 * 24 * 3600 * 1000;

export type DigestResult = 'sent' | 'already-sent' | 'off' | 'not-due' | 'no-public-url' | 'failed';

export class WeeklyDigest {
  readonly #store: Store;
  readonly #mail: MailService;
  readonly #settings: SettingsService;
  #cron: Cron | null = null;
  /** Runs one at a time, in call order (the start-up catch-up may still run when the cron fires). */
  #chain: Promise<unknown> = Promise.resolve();

  readonly #flushViews: () => Promise<void>;

  /** `flushViews` writes the view counts still held in memory, so the digest counts every view. */
  constructor(
    store: Store,
    mail: MailService,
    settings: SettingsService,
    flushViews: () => Promise<void> = async () => {},
  ) {
    this.#store = store;
    this.#mail = mail;
    this.#settings = settings;
    this.#flushViews = flushViews;
  }

  get pattern(): string {
    return `0 ${this.#mail.config.digestHour} * * ${this.#mail.config.digestDay}`;
  }

  /** Schedules the weekly run and catches up at once on a week missed while the server was down. */
  start(): void {
    this.#cron = new Cron(this.pattern, { unref: true }, () => void this.runIfDue());
    void this.runIfDue();
  }

  stop(): void {
    this.#cron?.stop();
    this.#cron = null;
  }

  /** The latest scheduled time at or before `now`. */
  lastOccurrence(now: Date): Date | null {
    return new Cron(this.pattern, { paused: true }).previousRuns(1, now)[0] ?? null;
  }

  runIfDue(now = new Date()): Promise<DigestResult> {
    const run = this.#chain.then(() => this.#runIfDue(now));
    this.#chain = run.catch(() => {});
    return run;
  }

  async #runIfDue(now: Date): Promise<DigestResult> {
    const occurrence = this.lastOccurrence(now);
    if (!occurrence) return 'not-due';
    // Several instances over PostgreSQL: one of them sends, after catching up with the others' writes.
    const claim = await this.#store.claim('weekly-digest');
    if (!claim) return 'already-sent';
    try {
      await this.#store.refresh();
      return await this.#runClaimed(now, occurrence);
    } finally {
      await claim.release();
    }
  }

  async #runClaimed(now: Date, occurrence: Date): Promise<DigestResult> {
    const week = isoWeekKey(occurrence);
    // Keys sort by time ("2030-W02" > "2029-W52"), so a clock set back never sends an old week again.
    const last = this.#store.getMeta<string>(WEEK_META);
    if (last !== undefined && last >= week) return 'already-sent';
    const settings = ownerSettings(this.#store, this.#settings);
    if (!settings?.weeklyDigest || !settings.ownerEmail) {
      // Off (or nowhere to send) at the scheduled time: this week is settled, nothing to catch up later.
      await this.#store.write((tx) => tx.setMeta(WEEK_META, week));
      return 'off';
    }
    const publicUrl = this.#mail.publicUrl();
    if (!publicUrl) {
      console.warn(`Weekly digest ${week} not sent: PUBLIC_URL is not set.`);
      return 'no-public-url';
    }
    await this.#flushViews();
    const views = currentViews(this.#store);
    try {
      await this.#mail.send(await this.compose(settings.ownerEmail, week, now, publicUrl), 'digest', {
        keep: true,
      });
    } catch (error) {
      console.error(`Weekly digest ${week} not sent:`, (error as Error).message);
      return 'failed';
    }
    await this.#store.write((tx) => {
      tx.setMeta(WEEK_META, week);
      tx.setMeta(VIEWS_META, views);
    });
    return 'sent';
  }

  async compose(to: string, week: string, now: Date, publicUrl: string): Promise<OutgoingMail> {
    const since = now.getTime() - WEEK_MS;
    const inWeek = (iso: string | null | undefined) =>
      !!iso && Date.parse(iso) > since && Date.parse(iso) <= now.getTime();
    const subscribers = this.#store.filter('subscribers', (s) =>
      inWeek(s.confirmedAt ?? (s.status ? null : s.subscribedAt)),
    );
    const pending = this.#store.filter(
      'subscribers',
      (s) => statusOf(s) === 'pending' && inWeek(s.subscribedAt),
    );
    const comments = this.#store.filter('comments', (c) => inWeek(c.createdAt));
    const waiting = comments.filter((c) => !c.isApproved).length;
    const baseline = this.#store.getMeta<Record<string, number>>(VIEWS_META);
    const viewRows = this.#store
      .filter('posts', (p) => p.published)
      .map((p) => ({ post: p, views: p.views - (baseline ? (baseline[p.id] ?? 0) : 0) }))
      .filter((r) => r.views > 0)
      .sort((a, b) => b.views - a.views);
    const totalViews = viewRows.reduce((sum, r) => sum + r.views, 0);
    const viewsLabel = baseline
      ? 'Post views this week'
      : 'Post views so far (the first digest has no earlier count)';
    const top = viewRows
      .slice(0, 5)
      .map(
        (r) =>
          `<li><a href="${escapeHtml(`${publicUrl}${postPath(r.post)}`)}">${escapeHtml(r.post.title)}</a>: ${r.views}</li>`,
      )
      .join('');
    const siteName = storedSite(this.#store).title;
    const { html, text } = await renderMail({
      siteName,
      heading: `Your week on ${siteName} (${week})`,
      bodyHtml: `<ul>
<li>New subscribers: ${subscribers.length}${pending.length ? ` (and ${pending.length} not yet confirmed)` : ''}</li>
<li>New comments: ${comments.length}${waiting ? ` (${waiting} waiting for moderation)` : ''}</li>
<li>${viewsLabel}: ${totalViews}</li>
</ul>${top ? `<h2>Most read</h2><ul>${top}</ul>` : ''}`,
      footerHtml: 'You get this summary because “Weekly digest” is on in Settings › Notifications.',
    });
    return { to, subject: `${siteName}: your week (${week})`, html, text };
  }
}

function currentViews(store: Store): Record<string, number> {
  const views: Record<string, number> = {};
  for (const p of store.values('posts')) views[p.id] = p.views;
  return views;
}
