// One device's open event stream: the SSE wire format, and what it does when the device reads too slowly.
import type { Response } from 'express';

/** A device that has not read this much of its stream is cut off; it resumes with Last-Event-ID. */
const MAX_UNREAD_BYTES = 64 * 1024;

export class LiveChannel {
  readonly sessionId: number;
  readonly #res: Response;
  #closed = false;

  constructor(sessionId: number, res: Response) {
    this.sessionId = sessionId;
    this.#res = res;
  }

  get closed(): boolean {
    return this.#closed || this.#res.destroyed;
  }

  /** Writes prepared bytes (an event or a heartbeat comment); a channel that has fallen behind is closed. */
  write(chunk: string): void {
    if (this.closed) return;
    this.#res.write(chunk);
    if (this.#res.writableLength > MAX_UNREAD_BYTES) this.close();
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#res.end();
  }
}

/** `id:`, `event:` and one `data:` line (JSON holds no newline), ended by the blank line. */
export function sseEvent(event: string, id: number, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const SSE_HEARTBEAT = ':\n\n';
