// The request line is built by hand for speed: it must stay valid JSON in pino's shape whatever the URL.
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { createServerLog, RequestLog } from './request-logger.ts';

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => lines.push(line) } };
}

describe('RequestLog', () => {
  it('writes one JSON line in pino’s shape, escaping whatever the URL holds', () => {
    const { lines, destination } = capture();
    const log = RequestLog.for(createServerLog('info', destination));
    const url = '/blog?q="quoted"\\back\nslash&é=✓';
    const req = { method: 'GET', url, socket: { remoteAddress: '::1' } } as unknown as IncomingMessage;
    log?.answered(req, 304, performance.now());
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith('\n')).toBe(true);
    const entry = JSON.parse(lines[0] ?? '');
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

  it('is off when the level leaves out info lines', () => {
    const { destination } = capture();
    expect(RequestLog.for(createServerLog('warn', destination))).toBeNull();
    expect(RequestLog.for(createServerLog('debug', destination))).not.toBeNull();
  });
});
