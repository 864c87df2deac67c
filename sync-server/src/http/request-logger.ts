// Request logs: one JSON line per request in pino's format, written to standard output asynchronously
// (pino's sonic-boom without `sync`) when it is a terminal, pipe or socket, so a busy server never waits for
// its reader, and synchronously when it is a regular file (see standardOutput). Request lines
// are encoded straight into a buffer and handed over together (see RequestLog): a busy server makes one
// write for hundreds of requests instead of one each. Installed around the whole app
// (routes/public-fast-path.ts), so answers the fast path replays are logged exactly like Express's.

import { fstatSync, writeSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pino, { type Logger } from 'pino';
import type { LogLevel } from '../config.ts';

/** Where log output goes: pino's lines arrive as text, request lines as bytes already encoded. */
export interface LogDestination {
  write(chunk: string | Uint8Array): unknown;
  flush?(callback?: (error?: Error) => void): void;
  flushSync?(): void;
  /** `write` is done with the bytes when it returns (written, or copied): the caller may reuse them. */
  readonly doneOnReturn?: boolean;
}

export interface ServerLog {
  logger: Logger;
  /** Where the logger writes; request lines go straight to it (see RequestLog). */
  stream: LogDestination;
}

/** The server's logger: asynchronous standard output unless a destination is given (tests capture lines). */
export function createServerLog(level: LogLevel, destination?: LogDestination): ServerLog {
  const stream = destination ?? standardOutput();
  return { logger: pino({ level }, stream), stream };
}

/**
 * Whether standard output is a regular file (a service manager's log file, `> server.log`). Writing there
 * only copies bytes into the page cache: nobody reads it who could make the server wait.
 */
export function writesToFile(fd = 1): boolean {
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

/**
 * Standard output through one sonic-boom in buffer mode (pino flushes it when the process exits). Request
 * lines come already encoded; pino's own lines, a few per hour, are encoded here.
 *
 * Asynchronous writes go through libuv's thread pool: each wakes a worker thread, which on a server pinned
 * to one core takes the core from the event loop for a context switch each way (measured under wrk, a
 * fifth of a replayed public answer's cost). A regular file never makes a writer wait for a reader, so it
 * is written from the event loop itself, as pino does by default; a terminal, pipe or socket (journald,
 * a container's log driver) could, so those stay asynchronous.
 */
function standardOutput(): LogDestination {
  if (writesToFile(1)) return fileOutput(1);
  const boom = pino.destination({ dest: 1, sync: false, contentMode: 'buffer' });
  return {
    // sonic-boom's types know only text; in buffer mode it takes bytes.
    write: (chunk) =>
      boom.write((typeof chunk === 'string' ? Buffer.from(chunk) : chunk) as unknown as string),
    flush: (callback) => boom.flush(callback),
    flushSync: () => boom.flushSync(),
  };
}

/**
 * A regular file, written straight from the event loop: each write is one system call copying the bytes
 * into the page cache, with nothing buffered in between (so no flushing, and the caller may reuse its
 * bytes at once). A write that fails (a full disk) loses those lines, says so once on standard error, and
 * never stops the server.
 */
export function fileOutput(fd: number): LogDestination {
  let warned = false;
  return {
    doneOnReturn: true,
    write(chunk) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      try {
        for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
      } catch (error) {
        if (!warned) {
          warned = true;
          console.error(`Log lines could not be written: ${error instanceof Error ? error.message : error}`);
        }
      }
    },
  };
}
/** Request lines are handed to the destination at least this often… */
export const REQUEST_LOG_FLUSH_MS = 100;
/** …or as soon as this many bytes are waiting. */
export const REQUEST_LOG_FLUSH_BYTES = 64 * 1024;
/** A mail link's credential (`token=`, `confirmToken=`, …): kept out of the log, the rest of the URL stays. */
const TOKEN_PARAM = /([?&][^=&#]*token=)[^&#]*/gi;

/** The URL as logged: token values replaced, so a log reader cannot unsubscribe or confirm for someone. */
export function redactTokens(url: string): string {
  // Plain substring tests first (`token=`, `Token=`, `confirmToken=`, `TOKEN=`): nearly every URL has none,
  // and a regular expression over each logged URL would cost as much as encoding the line.
  return url.includes('oken=') || url.includes('OKEN=') ? url.replace(TOKEN_PARAM, '$1[redacted]') : url;
}

/**
 * Logs requests: method, URL, client address, status, response time in milliseconds. The line is the
 * one `logger.info({ req, res, responseTime }, 'request completed')` would write, built by hand: pino's
 * generic serialisation of nested objects costs several times more, and a replayed public answer is
 * itself only a few microseconds of work.
 *
 * Each line is written straight into a buffer as bytes: the parts that do not change from one request to
 * the next (the process, the method, a replayed answer's URL, a connection's address, the status) are
 * encoded once and copied in, and the two numbers are written digit by digit. Building the line as text
 * and encoding it per request cost more than the rest of a replayed answer's own work (under wrk: a
 * quarter of a microsecond to build, one and a half to flatten and encode). The buffer goes to the
 * destination as one write when REQUEST_LOG_FLUSH_MS has passed since its first line or
 * REQUEST_LOG_FLUSH_BYTES are waiting: every write is a system call and a callback. `flush()` hands over
 * what waits (the server calls it when it closes); a server killed outright loses at most the last
 * REQUEST_LOG_FLUSH_MS of request lines, never anything it stored.
 */
export class RequestLog {
  readonly #destination: LogDestination;
  readonly #head = ascii('{"level":30,"time":');
  /** `#head` and the time of the last line, made once per millisecond. */
  #stamp: Buffer = this.#head;
  #stampTime = Number.NaN;
  #middle: Buffer = Buffer.alloc(0);
  #middleUrl: Uint8Array | null = null;
  #middleAddress: Uint8Array | null = null;
  #middleMethod: Uint8Array | null = null;
  #middleStatus: Uint8Array | null = null;
  readonly #process = Buffer.from(
    `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"req":{"method":`,
  );
  #buffer = Buffer.allocUnsafe(REQUEST_LOG_FLUSH_BYTES);
  #used = 0;
  #timer: NodeJS.Timeout | null = null;
  readonly #flushLater = (): void => {
    this.#timer = null;
    this.flush();
  };

  /** Null when request lines would not be written at all (so no per-request work is done for them). */
  static for({ logger, stream }: ServerLog): RequestLog | null {
    return logger.isLevelEnabled('info') ? new RequestLog(stream) : null;
  }

  private constructor(destination: LogDestination) {
    this.#destination = destination;
  }

  /** Hands every waiting line to the destination now. */
  flush(): void {
    if (this.#timer !== null) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    if (this.#used === 0) return;
    const lines = this.#buffer.subarray(0, this.#used);
    // A destination that keeps the bytes until later gets them for good: a fresh buffer takes the next lines.
    if (this.#destination.doneOnReturn !== true) this.#buffer = Buffer.allocUnsafe(REQUEST_LOG_FLUSH_BYTES);
    this.#used = 0;
    this.#destination.write(lines);
  }

  /**
   * Logs a request already answered (the fast path answers synchronously); `start` from performance.now().
   * `url` is the URL as `loggedUrl()` makes it, when the caller keeps it (a replayed answer's is made once,
   * when it is recorded).
   */
  answered(
    req: IncomingMessage,
    statusCode: number,
    start: number,
    url: Uint8Array = loggedUrl(req.url),
  ): void {
    this.#write(req.method, url, addressField(req.socket), statusCode, start, false);
  }

  /**
   * Logs a request answered without a request object (the public front's replays); `address` is the
   * connection's, from `logAddress` (kept by the caller for all of the connection's requests).
   */
  answeredOn(method: string, address: Uint8Array, statusCode: number, start: number, url: Uint8Array): void {
    this.#write(method, url, address, statusCode, start, false);
  }

  /** Logs the request once its response is done, or once the client went away first. */
  track(req: IncomingMessage, res: ServerResponse, start: number): void {
    // Read now: once the connection is closed the socket no longer knows it.
    const address = addressField(req.socket);
    res.once('close', () => {
      const finished = res.writableFinished;
      this.#write(
        req.method,
        loggedUrl(req.url),
        address,
        finished ? res.statusCode : undefined,
        start,
        !finished,
      );
    });
  }

  #write(
    method: string | undefined,
    url: Uint8Array,
    address: Uint8Array,
    statusCode: number | undefined,
    start: number,
    aborted: boolean,
  ): void {
    const hundredths = Math.round((performance.now() - start) * 100);
    const methodBytes = methodField(method);
    const statusBytes = statusField(statusCode);
    // What lies between the time and the response time, made once for a run of lines alike (the same
    // method, URL, address and status: a kept-alive client asking again, a crawler, a load test).
    let middle = this.#middle;
    if (
      url !== this.#middleUrl ||
      address !== this.#middleAddress ||
      methodBytes !== this.#middleMethod ||
      statusBytes !== this.#middleStatus
    ) {
      middle = Buffer.concat([this.#process, methodBytes, url, address, statusBytes]);
      this.#middle = middle;
      this.#middleUrl = url;
      this.#middleAddress = address;
      this.#middleMethod = methodBytes;
      this.#middleStatus = statusBytes;
    }
    const now = Date.now();
    if (now !== this.#stampTime) {
      // The line's start with its time: the same for every line of a millisecond.
      this.#stampTime = now;
      const stamp = Buffer.allocUnsafe(this.#head.length + MAX_NUMBER_BYTES);
      this.#head.copy(stamp);
      this.#stamp = stamp.subarray(0, writeInteger(stamp, this.#head.length, now));
    }
    const tail = aborted ? ABORTED : COMPLETED;
    const room = this.#stamp.length + middle.length + MAX_NUMBER_BYTES + tail.length;
    if (this.#used + room > this.#buffer.length) {
      this.flush();
      // A line longer than a whole buffer (a URL of many kilobytes) goes out on its own.
      if (room > this.#buffer.length) {
        const line = Buffer.allocUnsafe(room);
        this.#destination.write(line.subarray(0, this.#line(line, 0, middle, hundredths, tail)));
        return;
      }
    }
    this.#used = this.#line(this.#buffer, this.#used, middle, hundredths, tail);
    if (this.#timer === null) {
      // Unreferenced: waiting lines never keep a finished process alive (close() flushes them first).
      this.#timer = setTimeout(this.#flushLater, REQUEST_LOG_FLUSH_MS);
      this.#timer.unref();
    }
  }

  /** Writes one line into `into` at `at` (room checked by the caller); returns where it ends. */
  #line(into: Buffer, at: number, middle: Buffer, hundredths: number, tail: Uint8Array): number {
    const stamp = this.#stamp;
    into.set(stamp, at);
    let end = at + stamp.length;
    into.set(middle, end);
    end += middle.length;
    end = writeHundredths(into, end, hundredths);
    into.set(tail, end);
    return end + tail.length;
  }
}

/** Bytes of text known to be ASCII. */
function ascii(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

const COMPLETED = ascii(',"msg":"request completed"}\n');
const ABORTED = ascii(',"msg":"request aborted"}\n');
/** Digits of the largest integer a double holds exactly, a sign, a point: more than either number needs. */
const MAX_NUMBER_BYTES = 24;
const ZERO = 48;
const MINUS = 45;
const POINT = 46;

/**
 * Writes a whole number's decimal digits, as JSON (and JavaScript) would; returns where they end. Numbers
 * too large to be written exactly digit by digit go through Number's own formatting.
 */
export function writeInteger(into: Buffer, at: number, value: number): number {
  if (!Number.isSafeInteger(value)) return at + into.write(String(value), at, 'latin1');
  let n = value;
  let end = at;
  if (n < 0) {
    into[end++] = MINUS;
    n = -n;
  }
  let digits = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  for (let i = end + digits - 1; i >= end; i--) {
    into[i] = ZERO + (n % 10);
    n = Math.floor(n / 10);
  }
  return end + digits;
}

/**
 * Writes a count of hundredths as the number of units it makes (`1234` as `12.34`, `1230` as `12.3`,
 * `1200` as `12`), exactly as JSON.stringify writes `Math.round(x * 100) / 100`; returns where it ends.
 */
export function writeHundredths(into: Buffer, at: number, hundredths: number): number {
  if (!Number.isSafeInteger(hundredths)) return at + into.write(String(hundredths / 100), at, 'latin1');
  const negative = hundredths < 0;
  const magnitude = negative ? -hundredths : hundredths;
  let end = at;
  if (negative) into[end++] = MINUS;
  end = writeInteger(into, end, Math.floor(magnitude / 100));
  const fraction = magnitude % 100;
  if (fraction !== 0) {
    into[end++] = POINT;
    into[end++] = ZERO + Math.floor(fraction / 10);
    if (fraction % 10 !== 0) into[end++] = ZERO + (fraction % 10);
  }
  return end;
}

/**
 * The URL as a request line holds it, as bytes: tokens redacted, as a JSON string with the key before it
 * (a server's request always has one).
 */
export function loggedUrl(url: string | undefined): Buffer {
  return Buffer.from(`,"url":${JSON.stringify(redactTokens(url ?? ''))}`);
}

/** Methods as JSON, made once: every line has one. */
const METHODS = new Map(
  ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((m) => [
    m,
    Buffer.from(JSON.stringify(m)),
  ]),
);

function methodField(method: string | undefined): Buffer {
  return METHODS.get(method ?? '') ?? Buffer.from(JSON.stringify(method ?? ''));
}

/** The status and what follows it up to the response time, made once per status. */
const STATUSES = new Map<number, Buffer>();
const NO_STATUS = ascii('},"res":{},"responseTime":');

function statusField(statusCode: number | undefined): Buffer {
  if (statusCode === undefined) return NO_STATUS;
  let field = STATUSES.get(statusCode);
  if (field === undefined) {
    field = ascii(`},"res":{"statusCode":${statusCode}},"responseTime":`);
    // Statuses are three digits: a few dozen at most, but a server never grows this without bound.
    if (STATUSES.size < 1000) STATUSES.set(statusCode, field);
  }
  return field;
}

/**
 * The client's address as a request line holds it, made once per connection: a kept-alive connection
 * carries many requests, and escaping the same address for each costs as much as the rest of the line.
 */
const addresses = new WeakMap<Socket, Buffer>();
const NO_ADDRESS = Buffer.alloc(0);
const addressFields = new Map<string, Buffer>();

export function logAddress(socket: Socket): Buffer {
  return addressField(socket);
}

function addressField(socket: Socket): Buffer {
  let field = addresses.get(socket);
  if (field === undefined) {
    const address = socket.remoteAddress;
    if (address === undefined) return NO_ADDRESS;
    // One field for each address, shared by its connections: lines alike can then share their middle.
    field = addressFields.get(address);
    if (field === undefined) {
      field = Buffer.from(`,"remoteAddress":${JSON.stringify(address)}`);
      if (addressFields.size >= 10_000) addressFields.clear();
      addressFields.set(address, field);
    }
    // Only once known: a socket asked before it is connected may know its address later.
    addresses.set(socket, field);
  }
  return field;
}
