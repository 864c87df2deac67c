// Request logs: one JSON line per request (pino), written to standard output asynchronously, so a busy
// server never waits for its terminal or pipe. Installed around the whole app (app.ts), so answers the
// public fast path gives are logged exactly like those Express gives.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config.ts';

/**
 * The server's logger. By default an asynchronous standard output (pino's sonic-boom: lines gather in
 * memory while a write is under way and go out together; flushed on exit).
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino({ level }, destination ?? pino.destination({ dest: 1, sync: false }));
}

export type TrackRequest = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Returns the function that logs one request when its response is done (or the client went away first):
 * method, URL, status, bytes, response time in milliseconds and the client's address. Null when request
 * lines would not be written at all (so no per-request work is done for them).
 */
export function requestTracker(logger: Logger): TrackRequest | null {
  if (!logger.isLevelEnabled('info')) return null;
  return (req, res) => {
    const start = performance.now();
    res.once('close', () => {
      const finished = res.writableFinished;
      logger.info(
        {
          req: { method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress },
          res: {
            statusCode: finished ? res.statusCode : undefined,
            contentLength: res.getHeader('content-length'),
          },
          responseTime: Math.round((performance.now() - start) * 100) / 100,
        },
        finished ? 'request completed' : 'request aborted',
      );
    });
  };
}
