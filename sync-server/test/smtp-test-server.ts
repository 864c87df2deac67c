// A real SMTP server on a loopback port for the mail tests and the bench (smtp-server + mailparser).
// `fault` decides, per received message, to accept it, answer an SMTP error, or cut the connection after
// the whole message arrived (the client cannot know whether it was taken).
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type Fault = { code: number; message: string } | 'cut' | null;

export interface ReceivedMail {
  to: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  /** Messages accepted with 250, in order. */
  received: ReceivedMail[];
  /** Every DATA the server read, accepted or not: recipient → count. */
  attempts: Map<string, number>;
  /** Connections opened so far. */
  connections: number;
  fault: (to: string, attempt: number) => Fault;
  /** Set to answer AUTH with 535 (when the client authenticates). */
  rejectAuth: boolean;
  parsed(index: number): Promise<ParsedMail>;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    port: 0,
    received: [],
    attempts: new Map(),
    connections: 0,
    fault: () => null,
    rejectAuth: false,
    parsed: (i) => simpleParser(state.received[i]!.raw),
    async waitFor(count, timeoutMs = 15_000) {
      const start = Date.now();
      while (state.received.length < count) {
        if (Date.now() - start > timeoutMs)
          throw new Error(`SMTP server got ${state.received.length} of ${count} messages in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onConnect(_session, callback) {
      state.connections++;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (state.rejectAuth) {
        const error = Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 });
        return callback(error);
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const attempt = (state.attempts.get(to) ?? 0) + 1;
        state.attempts.set(to, attempt);
        const fault = state.fault(to, attempt);
        if (fault === 'cut') {
          const connection = [
            ...(server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> })
              .connections,
          ].find((c) => c.id === session.id);
          connection?._socket.destroy();
          return;
        }
        if (fault) return callback(Object.assign(new Error(fault.message), { responseCode: fault.code }));
        state.received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  // A client killed mid-session resets its connection: expected in the crash test, not a failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.port = (server.server.address() as AddressInfo).port;
  return state;
}
