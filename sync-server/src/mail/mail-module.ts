// Everything e-mail, built once per app: the transport, the mail service, newsletter sends on the job
// runner, comment alerts and the weekly digest. `start` runs after the store is open and before requests.
import type { Subscriber } from '@private-notes/shared';
import { JobRunner } from '../jobs/job-runner.ts';
import { storeJobClaim } from '../jobs/store-job-claim.ts';
import type { BlogService } from '../services/blog-service.ts';
import type { SettingsService } from '../services/settings-service.ts';
import { storedSite } from '../services/site-service.ts';
import type { SubscriberService } from '../services/subscriber-service.ts';
import type { Store } from '../storage/index.ts';
import { CommentAlerts } from './comment-alerts.ts';
import { confirmationMail, confirmUrl } from './confirmation-mail.ts';
import type { MailConfig } from './mail-config.ts';
import { MailService } from './mail-service.ts';
import { mailTokenKey, undatedTokenDay, verifyUnsubscribeToken } from './mail-tokens.ts';
import { createMailTransport } from './mail-transport.ts';
import { NewsletterService } from './newsletter-service.ts';
import { loadRenderers } from './render-mail.ts';
import { unsubscribeNoticeMail } from './unsubscribe-notice-mail.ts';
import { WeeklyDigest } from './weekly-digest.ts';

export interface MailModuleDeps {
  store: Store;
  config: MailConfig;
  dataDir: string;
  blog: BlogService;
  settings: SettingsService;
  subscribers: SubscriberService;
}

export class MailModule {
  readonly service: MailService;
  readonly jobs: JobRunner;
  readonly newsletter: NewsletterService;
  readonly alerts: CommentAlerts;
  readonly digest: WeeklyDigest;
  readonly #subscribers: SubscriberService;
  readonly #tokenKey: Buffer;
  /** The day unsubscribe tokens from before issue dates count as issued on (mail-tokens.ts). */
  readonly #undatedDay: number;
  readonly #kind: 'embedded' | 'postgres';
  readonly #store: Store;

  private constructor(deps: MailModuleDeps, tokenKey: Buffer, undatedDay: number) {
    const { store, config, dataDir, blog, settings, subscribers } = deps;
    this.#subscribers = subscribers;
    this.#tokenKey = tokenKey;
    this.#undatedDay = undatedDay;
    this.#kind = store.kind;
    this.#store = store;
    this.service = new MailService(store, config, createMailTransport(config), dataDir);
    // Several instances over PostgreSQL: each job runs on the one instance holding its claim, and the others
    // look every 30 s for jobs whose holder died.
    this.jobs =
      store.kind === 'postgres' ? new JobRunner(store, storeJobClaim(store), 30_000) : new JobRunner(store);
    this.newsletter = new NewsletterService({
      store,
      mail: this.service,
      blog,
      subscribers,
      jobs: this.jobs,
      tokenKey,
    });
    this.alerts = new CommentAlerts(store, this.service, settings);
    this.digest = new WeeklyDigest(store, this.service, settings, () => blog.flushViews());
  }

  static async create(deps: MailModuleDeps): Promise<MailModule> {
    return new MailModule(deps, await mailTokenKey(deps.store), await undatedTokenDay(deps.store));
  }

  /** Marks interrupted hand-overs uncertain, then resumes jobs and starts the schedules. */
  async start(): Promise<void> {
    // With one process, anything still `sending` was cut short by the last stop. With several instances a
    // live one may be sending right now: each send's run marks its own leftovers when it claims the send.
    const uncertain = this.#kind === 'embedded' ? await this.newsletter.markInterrupted() : 0;
    if (uncertain > 0)
      console.warn(
        `Newsletter: ${uncertain} message(s) were being handed to SMTP at the last stop; marked uncertain.`,
      );
    this.jobs.start();
    this.alerts.start();
    this.digest.start();
    // Load the renderers once the server is up and idle, not in the middle of the first send.
    setTimeout(() => void loadRenderers(), 2000).unref();
  }

  async stop(): Promise<void> {
    this.alerts.stop();
    this.digest.stop();
    await this.jobs.stop();
    this.service.transport.close();
  }

  /**
   * The double opt-in mail, sent in the background: the visitor's answer must not wait for SMTP (nor
   * reveal by its timing whether a mail went out). A failure lets the next sign-up retry at once.
   */
  sendConfirmation(subscriber: Subscriber, token: string, requestOrigin: string | null): Promise<void> {
    const publicUrl = this.service.publicUrl(requestOrigin);
    const fail = async (reason: string) => {
      console.error(`Confirmation mail to ${subscriber.email} not sent: ${reason}`);
      await this.#subscribers.confirmMailFailed(subscriber.id).catch(() => {});
    };
    if (!publicUrl) return fail('PUBLIC_URL is not set');
    const link = confirmUrl(publicUrl, token);
    if (this.service.capturing) console.log(`Confirmation link for ${subscriber.email} (captured): ${link}`);
    return confirmationMail(subscriber.email, storedSite(this.#store).title, link)
      .then((mail) => this.service.send(mail, 'confirmation', { keep: true }))
      .catch((error: Error) => fail(error.message));
  }

  /**
   * Unsubscribes the subscriber a signed token names. A forged or malformed token is ignored (the caller
   * answers as for a valid one); a genuine one past its year changes nothing and says so, since only the
   * subscriber holds it.
   */
  async unsubscribeByToken(token: string, now = new Date()): Promise<'unsubscribed' | 'expired' | 'ignored'> {
    const check = verifyUnsubscribeToken(this.#tokenKey, token, now, this.#undatedDay);
    if (check === null) return 'ignored';
    if (check.expired) return 'expired';
    await this.#subscribers.unsubscribeById(check.id);
    return 'unsubscribed';
  }

  /**
   * The spec's unsubscribe by address, plus a notice to that address with a way back, sent in the
   * background (the answer must not wait for SMTP, nor reveal by its timing whether the address was known).
   */
  async unsubscribeByAddress(email: string, requestOrigin: string | null): Promise<void> {
    const notice = await this.#subscribers.unsubscribeByAddress(email);
    if (!notice) return;
    const publicUrl = this.service.publicUrl(requestOrigin);
    if (!publicUrl) {
      console.error(`Unsubscribe notice to ${notice.email} not sent: PUBLIC_URL is not set`);
      return;
    }
    const link = confirmUrl(publicUrl, notice.token);
    void unsubscribeNoticeMail(notice.email, storedSite(this.#store).title, link)
      .then((mail) => this.service.send(mail, 'notice', { keep: true }))
      .catch((error: Error) =>
        console.error(`Unsubscribe notice to ${notice.email} not sent: ${error.message}`),
      );
  }
}
