// An error that carries its HTTP answer: throw it from any handler or service the route calls.
export class HttpError extends Error {
  readonly status: number;
  /** Extra fields merged into the JSON answer beside `message` (e.g. the server's note on a 409). */
  readonly extra: Record<string, unknown>;

  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.extra = extra;
  }
}
