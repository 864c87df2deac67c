// The request line is built by hand for speed: it must stay valid JSON in pino's shape whatever the URL,
// and lines gathered into one write must all arrive, whole and in order.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createServerLog,
  fileOutput,
  logAddress,
  loggedUrl,
  REQUEST_LOG_FLUSH_BYTES,
  REQUEST_LOG_FLUSH_MS,
  RequestLog,
  writeHundredths,
  writeInteger,
  writesToFile,
} from './request-logger.ts';

/** A destination that records each write it is handed, as text. */
function capture() {
  const writes: string[] = [];
  const destination = {
    write: (chunk: string | Uint8Array) => writes.push(Buffer.from(chunk).toString('utf8')),
  };
  const lines = () =>
    writes
      .join('')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
  return { writes, destination, lines };
}

function request(url: string, method = 'GET'): IncomingMessage {
  return { method, url, socket: { remoteAddress: '::1' } } as unknown as IncomingMessage;
}

function requestLog(destination: ReturnType<typeof capture>['destination']): RequestLog {
  const log = RequestLog.for(createServerLog('info', destination));
  if (!log) throw new Error('request lines should be on at level info');
  return log;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RequestLog', () => {
  it('writes one JSON line in pino’s shape, escaping whatever the URL holds', () => {
    const { writes, destination, lines } = capture();
    const log = requestLog(destination);
    const url = '/blog?q="quoted"\\back\nslash&é=✓';
    log.answered(request(url), 304, performance.now());
    log.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.endsWith('\n')).toBe(true);
    const [entry] = lines();
    expect(entry).toMatchObject({
      level: 30,
      pid: process.pid,
      req: { method: 'GET', url, remoteAddress: '::1' },
      res: { statusCode: 304 },
      msg: 'request completed',
    });
    expect(entry.responseTime).toBeGreaterThanOrEqual(0);
    expect(Math.abs(entry.time - Date.now())).toBeLessThan(5000);
  });

  it('writes each line’s own fields when lines alike and lines unlike follow each other', () => {
    const { destination, lines } = capture();
    const log = requestLog(destination);
    const sockets = [
      { remoteAddress: '10.0.0.1' },
      { remoteAddress: '10.0.0.1' },
      { remoteAddress: '10.0.0.2' },
    ] as unknown as Socket[];
    const urls = [loggedUrl('/a'), loggedUrl('/b')];
    const expected: Array<[string, string, string, number]> = [];
    for (let i = 0; i < 24; i++) {
      const [method, url, socket, status] = [
        i % 5 === 0 ? 'HEAD' : 'GET',
        i % 3 === 0 ? 1 : 0,
        sockets[i % 4 === 0 ? 2 : i % 2] as Socket,
        i % 7 === 0 ? 304 : 200,
      ];
      log.answeredOn(method, logAddress(socket), status, performance.now(), urls[url] as Uint8Array);
      expected.push([method, url === 1 ? '/b' : '/a', socket.remoteAddress as string, status]);
    }
    log.flush();
    expect(lines().map((l) => [l.req.method, l.req.url, l.req.remoteAddress, l.res.statusCode])).toEqual(
      expected,
    );
  });

  it('gathers lines into one write, handed over by itself a moment later', () => {
    vi.useFakeTimers();
    const { writes, destination, lines } = capture();
    const log = requestLog(destination);
    for (let i = 0; i < 5; i++) log.answered(request(`/blog/${i}`), 200, performance.now());
    expect(writes).toHaveLength(0);
    vi.advanceTimersByTime(REQUEST_LOG_FLUSH_MS);
    expect(writes).toHaveLength(1);
    expect(lines().map((entry) => entry.req.url)).toEqual([
      '/blog/0',
      '/blog/1',
      '/blog/2',
      '/blog/3',
      '/blog/4',
    ]);
    // Nothing waits, so nothing more is written.
    vi.advanceTimersByTime(REQUEST_LOG_FLUSH_MS * 10);
    expect(writes).toHaveLength(1);
  });

  it('hands lines over as soon as a buffer’s worth waits, losing none and splitting none', () => {
    vi.useFakeTimers();
    const { writes, destination, lines } = capture();
    const log = requestLog(destination);
    const count = Math.ceil((REQUEST_LOG_FLUSH_BYTES * 3) / 200);
    for (let i = 0; i < count; i++) log.answered(request(`/blog/post/${i}/ünïcödé`), 200, performance.now());
    // Several full buffers went out without waiting for the timer…
    expect(writes.length).toBeGreaterThanOrEqual(2);
    for (const write of writes) expect(write.endsWith('\n')).toBe(true);
    log.flush();
    // …and with the rest, every line arrived once, whole and in order.
    const urls = lines().map((entry) => entry.req.url);
    expect(urls).toHaveLength(count);
    expect(urls.every((url, i) => url === `/blog/post/${i}/ünïcödé`)).toBe(true);
  });

  it('writes a line longer than a whole buffer on its own, after the lines before it', () => {
    const { destination, lines } = capture();
    const log = requestLog(destination);
    const long = `/blog?q=${'✓'.repeat(REQUEST_LOG_FLUSH_BYTES)}`;
    log.answered(request('/before'), 200, performance.now());
    log.answered(request(long), 414, performance.now());
    log.answered(request('/after'), 200, performance.now());
    log.flush();
    expect(lines().map((entry) => entry.req.url)).toEqual(['/before', long, '/after']);
  });

  it('writes the address a connection learns later, and any method, as JSON', () => {
    const { destination, lines } = capture();
    const log = requestLog(destination);
    // The address is kept per connection once known: a connection not yet knowing it is asked again.
    const socket: { remoteAddress?: string } = {};
    const on = (method: string) => ({ method, url: '/blog', socket }) as unknown as IncomingMessage;
    log.answered(on('GET'), 200, performance.now());
    socket.remoteAddress = '203.0.113.7';
    log.answered(on('HEAD'), 200, performance.now());
    log.answered(on('PRO"PFIND'), 405, performance.now());
    log.flush();
    const entries = lines();
    expect(entries[0].req).toEqual({ method: 'GET', url: '/blog' });
    expect(entries[1].req).toEqual({ method: 'HEAD', url: '/blog', remoteAddress: '203.0.113.7' });
    expect(entries[2].req).toEqual({ method: 'PRO"PFIND', url: '/blog', remoteAddress: '203.0.113.7' });
  });

  it('writes the URL a caller made once (loggedUrl) as it would have made it', () => {
    const { destination, lines } = capture();
    const log = requestLog(destination);
    const url = '/api/blog?q="x"&reset_token=abc';
    log.answered(request(url), 200, performance.now(), loggedUrl(url));
    log.answered(request(url), 200, performance.now());
    log.flush();
    expect(lines().map((entry) => entry.req.url)).toEqual([
      '/api/blog?q="x"&reset_token=[redacted]',
      '/api/blog?q="x"&reset_token=[redacted]',
    ]);
  });

  it('is off when the level leaves out info lines', () => {
    const { destination } = capture();
    expect(RequestLog.for(createServerLog('warn', destination))).toBeNull();
    expect(RequestLog.for(createServerLog('debug', destination))).not.toBeNull();
  });
});

describe('tokens in URLs', () => {
  it('are redacted in the line, whatever the parameter’s case or place; the rest of the URL stays', () => {
    const { destination, lines } = capture();
    const log = requestLog(destination);
    const urls = [
      '/api/unsubscribe/one-click?token=12.abcDEF_-123',
      '/subscribe/confirm?lang=en&Token=s3cr3t#top',
      '/unsubscribe?confirmToken=abc&next=/blog',
      '/blog/post/3/title?page=2',
    ];
    for (const url of urls) log.answered(request(url, 'POST'), 200, performance.now());
    log.flush();
    expect(lines().map((entry) => entry.req.url)).toEqual([
      '/api/unsubscribe/one-click?token=[redacted]',
      '/subscribe/confirm?lang=en&Token=[redacted]#top',
      '/unsubscribe?confirmToken=[redacted]&next=/blog',
      '/blog/post/3/title?page=2',
    ]);
  });
});

describe('standard output', () => {
  it('is written from the event loop only when it is a regular file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pn-log-'));
    const file = openSync(path.join(dir, 'server.log'), 'w');
    const devNull = openSync('/dev/null', 'w');
    try {
      expect(writesToFile(file)).toBe(true);
      // A device (and so a terminal), like a pipe or a socket, may make a writer wait: written asynchronously.
      expect(writesToFile(devNull)).toBe(false);
      expect(writesToFile(12345)).toBe(false);
    } finally {
      closeSync(file);
      closeSync(devNull);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a log file', () => {
  it('gets every line, written as it is handed over, the buffer then reused for the next lines', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pn-log-'));
    const file = path.join(dir, 'server.log');
    const fd = openSync(file, 'w');
    try {
      const output = fileOutput(fd);
      expect(output.doneOnReturn).toBe(true);
      const log = RequestLog.for(createServerLog('info', output));
      if (!log) throw new Error('request lines should be on at level info');
      const count = Math.ceil((REQUEST_LOG_FLUSH_BYTES * 3) / 200);
      for (let i = 0; i < count; i++) log.answered(request(`/page/${i}`), 200, performance.now());
      log.flush();
      const urls = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).req.url);
      expect(urls).toEqual(Array.from({ length: count }, (_, i) => `/page/${i}`));
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('that cannot be written loses those lines, says so once, and never throws', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const output = fileOutput(987_654);
    output.write(Buffer.from('a line\n'));
    output.write('another line\n');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toContain('Log lines could not be written');
    errors.mockRestore();
  });
});

describe('the numbers of a request line, written digit by digit', () => {
  const written = (write: (into: Buffer, at: number) => number) => {
    const into = Buffer.alloc(64, 'x');
    const end = write(into, 3);
    // Nothing before the place it was given is touched.
    expect(into.subarray(0, 3).toString()).toBe('xxx');
    return into.subarray(3, end).toString('latin1');
  };

  it('writes whole numbers as JSON does', () => {
    const values = [
      0,
      7,
      10,
      99,
      100,
      1234567890123,
      Date.now(),
      Number.MAX_SAFE_INTEGER,
      -5,
      -1200,
      1e21,
      2 ** 60,
    ];
    for (let i = 0; i < 200; i++)
      values.push(Math.floor(Math.random() * 10 ** Math.floor(Math.random() * 15)));
    for (const value of values)
      expect(written((into, at) => writeInteger(into, at, value))).toBe(JSON.stringify(value));
  });

  it('writes a response time rounded to hundredths exactly as JSON.stringify(Math.round(ms * 100) / 100)', () => {
    const times = [
      0, 0.001, 0.004, 0.005, 0.01, 0.05, 0.1, 0.999, 1, 1.005, 1.1, 9.995, 10, 12.3, 12.34, 100.07, 65_432.1,
    ];
    for (let i = 0; i < 500; i++) times.push(Math.random() * 10 ** Math.floor(Math.random() * 6));
    for (const ms of times) {
      const hundredths = Math.round(ms * 100);
      expect(written((into, at) => writeHundredths(into, at, hundredths))).toBe(
        JSON.stringify(hundredths / 100),
      );
    }
  });

  it('writes a line whose response time has a fraction as valid JSON with that time', () => {
    const { destination, lines } = capture();
    const log = requestLog(destination);
    const start = performance.now() - 12.34;
    log.answered(request('/blog'), 200, start);
    log.flush();
    const [entry] = lines();
    expect(entry.responseTime).toBeGreaterThanOrEqual(12.34);
    expect(entry.responseTime).toBeLessThan(12.34 + 5000);
  });
});
