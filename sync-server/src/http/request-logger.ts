// Request logs: one JSON line per request in pino's format, written to standard output asynchronously
// (pino's sonic-boom without `sync`: lines gather in memory while a write is under way and go out
// together), so a busy server never waits for its terminal or pipe. Installed around the whole app
// (routes/public-fast-path.ts), so answers the fast path replays are logged exactly like Express's.

import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config.ts';

export interface ServerLog {
  logger: Logger;
  /** Where the logger writes; request lines go straight to it (see RequestLog). */
  stream: DestinationStream & { flushSync?: () => void };
}

/** The server's logger: asynchronous standard output unless a destination is given (tests capture lines). */
export function createServerLog(level: LogLevel, destination?: DestinationStream): ServerLog {
  const stream = destination ?? pino.destination({ dest: 1, sync: false });
  return { logger: pino({ level }, stream), stream };
}

/**
 * Logs requests: method, URL, client address, status, response time in milliseconds. The line is the
 * one `logger.info({ req, res, responseTime }, 'request completed')` would write, built by hand: pino's
 * generic serialisation of nested objects costs several times more, and a replayed public answer is
 * itself only a few microseconds of work.
 */
export class RequestLog {
  readonly #stream: ServerLog['stream'];
  readonly #prefix = '{"level":30,"time":';
  readonly #process = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"req":{"method":`;

  /** Null when request lines would not be written at all (so no per-request work is done for them). */
  static for({ logger, stream }: ServerLog): RequestLog | null {
    return logger.isLevelEnabled('info') ? new RequestLog(stream) : null;
  }

  private constructor(stream: ServerLog['stream']) {
    this.#stream = stream;
  }

  /** Logs a request already answered (the fast path answers synchronously); `start` from performance.now(). */
  answered(req: IncomingMessage, statusCode: number, start: number): void {
    this.#write(req.method, req.url, req.socket.remoteAddress, statusCode, start);
  }

  /** Logs the request once its response is done, or once the client went away first. */
  track(req: IncomingMessage, res: ServerResponse, start: number): void {
    // Read now: once the connection is closed the socket no longer knows it.
    const address = req.socket.remoteAddress;
    res.once('close', () => {
      const finished = res.writableFinished;
      this.#write(req.method, req.url, address, finished ? res.statusCode : undefined, start, !finished);
    });
  }

  #write(
    method: string | undefined,
    url: string | undefined,
    address: string | undefined,
    statusCode: number | undefined,
    start: number,
    aborted = false,
  ): void {
    const ms = Math.round((performance.now() - start) * 100) / 100;
    this.#stream.write(
      `${this.#prefix}${Date.now()}${this.#process}${JSON.stringify(method)},"url":${JSON.stringify(url)}` +
        `${address === undefined ? '' : `,"remoteAddress":${JSON.stringify(address)}`}},` +
        `"res":{${statusCode === undefined ? '' : `"statusCode":${statusCode}`}},"responseTime":${ms},` +
        `"msg":"${aborted ? 'request aborted' : 'request completed'}"}\n`,
    );
  }
}
