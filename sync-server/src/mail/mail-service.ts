// Sends one message: composes the raw MIME (so the Outbox keeps exactly what went out), then hands it to
// SMTP, or in capture mode writes it to DATA_DIR/mail as a .eml and lists it in the Outbox as captured,
// never as delivered. Also answers the owner's status, verify and Outbox questions.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailKind, MailStatus, OutboxMessage, OutboxMessageDetail } from '@private-notes/shared';
import MailComposer from 'nodemailer/lib/mail-composer';
import { HttpError } from '../http/http-error.ts';
import { storedSite } from '../services/site-service.ts';
import type { OutboxRecord, Store } from '../storage/index.ts';
import type { MailConfig } from './mail-config.ts';
import type { MailTransport } from './mail-transport.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

export const OUTBOX_LIST_MAX = 500;
export const NO_PUBLIC_URL =
  'E-mail is refused: PUBLIC_URL is not set, so links in the mail would point nowhere. Set PUBLIC_URL to the site’s address (e.g. https://blog.example).';
export const OUTBOX_NOT_FOUND = 'Message not found';

export function toOutboxMessage(record: OutboxRecord): OutboxMessage {
  return {
    id: String(record.id),
    createdAt: record.createdAt,
    to: record.to,
    subject: record.subject,
    kind: record.kind,
    state: record.state,
    error: record.error,
  };
}

export class MailService {
  readonly #store: Store;
  readonly config: MailConfig;
  readonly transport: MailTransport;
  readonly #dir: string;

  constructor(store: Store, config: MailConfig, transport: MailTransport, dataDir: string) {
    this.#store = store;
    this.config = config;
    this.transport = transport;
    this.#dir = path.join(dataDir, 'mail');
  }

  get capturing(): boolean {
    return this.transport.kind === 'capture';
  }

  /**
   * The origin for links in a mail: PUBLIC_URL, or in capture mode the origin of the request that caused
   * the mail (nothing leaves the machine, so a forged Host header reaches nobody). Null: refuse the mail.
   */
  publicUrl(requestOrigin: string | null = null): string | null {
    return this.config.publicUrl ?? (this.capturing ? requestOrigin : null);
  }

  requirePublicUrl(requestOrigin: string | null = null): string {
    const url = this.publicUrl(requestOrigin);
    if (url === null) throw new HttpError(409, NO_PUBLIC_URL);
    return url;
  }

  status(ownerEmail: string | null): MailStatus {
    const problems: string[] = [];
    if (!this.config.publicUrl)
      problems.push(
        this.capturing
          ? 'PUBLIC_URL is not set: links in captured mail use the address of the request that caused them'
          : 'PUBLIC_URL is not set: no mail can be sent until it is',
      );
    if (!ownerEmail)
      problems.push('Your e-mail address is not set (Settings › Profile): no alerts, digest or test mail');
    let captured = 0;
    for (const m of this.#store.values('mailOutbox')) if (m.state === 'captured') captured++;
    return {
      transport: this.transport.kind,
      description: this.transport.description,
      from: formatSender(this.sender()),
      publicUrl: this.config.publicUrl,
      ownerEmail,
      captured,
      problems,
    };
  }

  /**
   * Who the mail is from: the site title (Settings › Site) as the name, the sender address set there, else
   * MAIL_FROM's address. Read at each mail, so a rename shows in the next one.
   */
  sender(): { name: string; address: string } {
    const site = storedSite(this.#store);
    return { name: site.title, address: site.senderEmail ?? envelopeAddress(this.config.from) };
  }

  async compose(mail: OutgoingMail): Promise<Buffer> {
    return new MailComposer({
      from: this.sender(),
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      // Our own headers are plain ASCII built here: sent as is (nodemailer would MIME-encode the quotes of
      // List-Id, which list-aware clients then fail to read).
      headers: Object.fromEntries(
        Object.entries(mail.headers ?? {}).map(([name, value]) => [name, { prepared: true, value }]),
      ),
    })
      .compile()
      .build();
  }

  /**
   * Sends one message. `keep` records it in the Outbox even when SMTP took it (single mails); newsletter
   * issues sent over SMTP are tracked by their send's recipient records instead. Captured mail is always
   * kept. Rejects with nodemailer's error when SMTP refuses it.
   */
  async send(mail: OutgoingMail, kind: MailKind, options: { keep: boolean }): Promise<void> {
    const raw = await this.compose(mail);
    if (this.capturing) {
      await this.#keep(mail, kind, raw, 'captured', null);
      return;
    }
    try {
      await this.transport.send({ from: this.sender().address, to: mail.to }, raw);
    } catch (error) {
      if (options.keep)
        await this.#keep(mail, kind, raw, 'failed', (error as Error).message ?? String(error));
      throw error;
    }
    if (options.keep) await this.#keep(mail, kind, raw, 'sent', null);
  }

  async #keep(
    mail: OutgoingMail,
    kind: MailKind,
    raw: Buffer,
    state: OutboxRecord['state'],
    error: string | null,
  ): Promise<void> {
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    await writeFile(path.join(this.#dir, file), raw, { mode: 0o600 });
    await this.#store.write((tx) =>
      tx.insert('mailOutbox', {
        createdAt: new Date().toISOString(),
        to: mail.to,
        subject: mail.subject,
        kind,
        state,
        error,
        file,
      }),
    );
  }

  listOutbox(): OutboxMessage[] {
    const all = this.#store.all('mailOutbox');
    return all.slice(-OUTBOX_LIST_MAX).reverse().map(toOutboxMessage);
  }

  #record(id: string): OutboxRecord {
    const record = /^[1-9][0-9]{0,14}$/.test(id) ? this.#store.get('mailOutbox', Number(id)) : undefined;
    if (!record) throw new HttpError(404, OUTBOX_NOT_FOUND);
    return record;
  }

  async rawMessage(id: string): Promise<{ record: OutboxRecord; raw: Buffer }> {
    const record = this.#record(id);
    try {
      return { record, raw: await readFile(path.join(this.#dir, record.file)) };
    } catch {
      throw new HttpError(404, `The message file ${record.file} is missing from ${this.#dir}`);
    }
  }

  async outboxMessage(id: string): Promise<OutboxMessageDetail> {
    const { record, raw } = await this.rawMessage(id);
    // Loaded on first use: only the Outbox preview needs a MIME parser.
    const { simpleParser } = await import('mailparser');
    const parsed = await simpleParser(raw);
    return {
      ...toOutboxMessage(record),
      html: typeof parsed.html === 'string' ? parsed.html : null,
      text: parsed.text ?? null,
      headers: parsed.headerLines.map(({ line }) => {
        const colon = line.indexOf(':');
        return {
          name: line.slice(0, colon),
          value: line
            .slice(colon + 1)
            .replace(/\r?\n\s+/g, ' ')
            .trim(),
        };
      }),
    };
  }
}

/** `Blog <news@blog.example>` → `news@blog.example` (the SMTP envelope wants the bare address). */
/** 'Site title <address>', quoted when the name needs it (as a mail client shows it). */
export function formatSender(sender: { name: string; address: string }): string {
  const name = /^[\p{L}\p{N} .'-]*$/u.test(sender.name)
    ? sender.name
    : `"${sender.name.replace(/["\\]/g, '')}"`;
  return `${name} <${sender.address}>`;
}

export function envelopeAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}
