// A raw HTTP/1.1 connection for tests that read the bytes on the wire: requests written as text, answers
// read off the bytes in order (status, headers, body by Content-Length).
import net from 'node:net';

export interface WireAnswer {
  /** The status line and headers as sent, without the blank line. */
  head: string;
  status: number;
  headers: Map<string, string>;
  body: Buffer;
}

/** One raw connection: requests written as text, answers read off the bytes in order. */
export class Connection {
  readonly #socket: net.Socket;
  #bytes = Buffer.alloc(0);
  #wake: (() => void) | null = null;
  ended = false;

  private constructor(socket: net.Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#bytes = Buffer.concat([this.#bytes, chunk]);
      this.#wake?.();
    });
    socket.on('end', () => {
      this.ended = true;
      this.#wake?.();
    });
  }

  static open(port: number | string): Promise<Connection> {
    if (typeof port === 'string') port = Number(new URL(port).port);
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new Connection(socket)));
      socket.on('error', reject);
    });
  }

  send(text: string): void {
    this.#socket.write(text);
  }

  /** The next answer; `bodyless` for HEAD, whose Content-Length describes a body that is not sent. */
  async read(bodyless = false): Promise<WireAnswer> {
    for (;;) {
      const end = this.#bytes.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = this.#bytes.subarray(0, end).toString('latin1');
        const [statusLine, ...lines] = head.split('\r\n');
        const status = Number(statusLine?.split(' ')[1]);
        const headers = new Map(
          lines.map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 2),
          ]),
        );
        const length = bodyless || status === 304 ? 0 : Number(headers.get('content-length') ?? 0);
        if (this.#bytes.length >= end + 4 + length) {
          const body = Buffer.from(this.#bytes.subarray(end + 4, end + 4 + length));
          this.#bytes = this.#bytes.subarray(end + 4 + length);
          return { head, status, headers, body };
        }
      }
      if (this.ended) throw new Error(`connection ended with ${this.#bytes.length} bytes unread`);
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }

  /** Resolves once the server has closed the connection. */
  async closed(): Promise<void> {
    while (!this.ended) await new Promise<void>((resolve) => (this.#wake = resolve));
  }

  /** Bytes left over after the answers read (none when the framing is right). */
  get unread(): number {
    return this.#bytes.length;
  }

  /** Half-closes: the client has nothing more to send. */
  finish(): void {
    this.#socket.end();
  }

  close(): void {
    this.#socket.destroy();
  }
}
