// The way out: a pooled, rate-limited nodemailer SMTP transport, or capture mode when no SMTP server is
// configured (the mail service then writes each message to DATA_DIR/mail and the Outbox instead).
import nodemailer from 'nodemailer';
import type { MailConfig } from './mail-config.ts';

/** Every header the DKIM signature covers: RFC 6376's recommended set plus the RFC 8058 pair. */
export const DKIM_SIGNED_HEADERS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:' +
  'Content-Transfer-Encoding:List-Id:List-Unsubscribe:List-Unsubscribe-Post';

export interface Envelope {
  from: string;
  to: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'capture';
  /** One line for the start-up log and the owner's screens. */
  readonly description: string;
  /** Resolves once the SMTP server accepted the message; rejects with nodemailer's error otherwise. */
  send(envelope: Envelope, raw: Buffer): Promise<void>;
  /** Resolves with a sentence for the owner, or rejects with the reason the server cannot be used. */
  verify(): Promise<string>;
  close(): void;
}

function smtpAddress(config: MailConfig): string {
  const smtp = config.smtp!;
  if (smtp.url) {
    const url = new URL(smtp.url);
    return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  }
  return `${smtp.host}:${smtp.port}`;
}

class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  readonly description: string;
  readonly #mailer: ReturnType<typeof nodemailer.createTransport>;
  readonly #address: string;

  constructor(config: MailConfig) {
    const smtp = config.smtp!;
    this.#address = smtpAddress(config);
    this.description =
      `SMTP ${this.#address} (pooled, up to ${config.maxConnections} connections, ` +
      `${config.ratePerSecond} messages/s${config.dkim ? `, DKIM ${config.dkim.keySelector}._domainkey.${config.dkim.domainName}` : ''})`;
    this.#mailer = nodemailer.createTransport({
      pool: true,
      ...(smtp.url
        ? { url: smtp.url }
        : {
            host: smtp.host,
            port: smtp.port,
            secure: smtp.secure,
            ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
          }),
      maxConnections: config.maxConnections,
      rateDelta: 1000,
      rateLimit: config.ratePerSecond,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
      ...(config.dkim
        ? {
            dkim: {
              domainName: config.dkim.domainName,
              keySelector: config.dkim.keySelector,
              privateKey: config.dkim.privateKey,
              headerFieldNames: DKIM_SIGNED_HEADERS,
            },
          }
        : {}),
    });
  }

  async send(envelope: Envelope, raw: Buffer): Promise<void> {
    await this.#mailer.sendMail({ envelope: { from: envelope.from, to: envelope.to }, raw });
  }

  async verify(): Promise<string> {
    await this.#mailer.verify();
    return `Connected to ${this.#address}`;
  }

  close(): void {
    this.#mailer.close();
  }
}

class CaptureTransport implements MailTransport {
  readonly kind = 'capture' as const;
  readonly description = 'Captured to the Outbox (no SMTP server is configured)';

  async send(): Promise<void> {
    // The mail service stores captured messages itself; nothing leaves the machine.
  }

  async verify(): Promise<string> {
    return 'E-mail is captured to the Outbox; no SMTP server is configured';
  }

  close(): void {}
}

export function createMailTransport(config: MailConfig): MailTransport {
  return config.smtp ? new SmtpTransport(config) : new CaptureTransport();
}
