// Yes/no settings read what people write: every boolean goes through parseBoolean, and a value it cannot read
// stops the start with a message naming the variable (before, LOG_REQUESTS=0 left request logging on).
import { describe, expect, it } from 'vitest';
import { loadConfig, parseBoolean } from '../src/config.ts';
import { startServerProcess } from './server-process.ts';

describe('parseBoolean', () => {
  it.each(['1', 'true', 'TRUE', 'on', 'On', 'yes', ' YES '])('reads %j as true', (value) => {
    expect(parseBoolean('X', value, false)).toBe(true);
  });
  it.each(['0', 'false', 'False', 'off', 'OFF', 'no', 'No'])('reads %j as false', (value) => {
    expect(parseBoolean('X', value, true)).toBe(false);
  });
  it('falls back when unset or blank', () => {
    expect(parseBoolean('X', undefined, true)).toBe(true);
    expect(parseBoolean('X', '  ', false)).toBe(false);
  });
  it('refuses anything else, naming the variable', () => {
    expect(() => parseBoolean('LOG_REQUESTS', 'maybe', true)).toThrow(
      'LOG_REQUESTS must be one of 1, true, on, yes, 0, false, off, no, got "maybe"',
    );
  });
});

describe('boolean settings', () => {
  it('LOG_REQUESTS=0 turns request logging off, and 1/yes/on turn it on', () => {
    expect(loadConfig({ LOG_REQUESTS: '0' }).logRequests).toBe(false);
    expect(loadConfig({ LOG_REQUESTS: 'Off' }).logRequests).toBe(false);
    expect(loadConfig({ LOG_REQUESTS: '1' }).logRequests).toBe(true);
    expect(loadConfig({ LOG_REQUESTS: 'yes' }).logRequests).toBe(true);
    expect(() => loadConfig({ LOG_REQUESTS: 'sometimes' })).toThrow(/^LOG_REQUESTS must be one of/);
  });

  it('SMTP_SECURE reads the same words (and picks its port by them)', () => {
    const smtp = (value: string) => loadConfig({ SMTP_HOST: 'mail.example', SMTP_SECURE: value }).mail.smtp;
    expect(smtp('YES')).toMatchObject({ secure: true, port: 465 });
    expect(smtp('1')).toMatchObject({ secure: true, port: 465 });
    expect(smtp('off')).toMatchObject({ secure: false, port: 587 });
    expect(() => smtp('tls')).toThrow(/^SMTP_SECURE must be one of/);
  });

  it('TRUST_PROXY keeps hop counts and address lists, and reads the yes/no words', () => {
    expect(loadConfig({ TRUST_PROXY: 'On' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'no' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });

  it('an unreadable value stops the server before it listens, naming the variable', async () => {
    await expect(startServerProcess({ LOG_REQUESTS: 'sometimes' })).rejects.toThrow(
      /exited with 1 before listening:\nConfiguration error: LOG_REQUESTS must be one of/,
    );
  });
});
