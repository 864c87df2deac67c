import { describe, expect, it } from 'vitest';
import { classifySmtpError, describeSmtpError } from './classify-smtp-error.ts';

describe('classifySmtpError', () => {
  it.each([
    [{ code: 'EAUTH', responseCode: 535 }, 'auth'],
    [{ code: 'EENVELOPE', responseCode: 530 }, 'auth'],
    [{ code: 'EMESSAGE', responseCode: 550 }, 'permanent'],
    [{ code: 'EENVELOPE', responseCode: 553 }, 'permanent'],
    [{ code: 'EMESSAGE', responseCode: 451 }, 'temporary'],
    [{ code: 'ECONNECTION', responseCode: 421 }, 'temporary'],
    [{ code: 'ESOCKET', errno: 'ECONNREFUSED', syscall: 'connect' }, 'temporary'],
    [{ code: 'EDNS', errno: 'ENOTFOUND' }, 'temporary'],
    [{ code: 'ETIMEDOUT', command: 'CONN', message: 'Greeting never received' }, 'temporary'],
    [{ code: 'ECONNECTION', command: 'CONN', message: 'Connection closed unexpectedly' }, 'uncertain'],
    [{ code: 'ESOCKET', errno: 'ECONNRESET' }, 'uncertain'],
    [{ code: 'ETIMEDOUT', command: 'DATA' }, 'uncertain'],
    [new Error('something else'), 'temporary'],
  ])('%j → %s', (error, expected) => {
    expect(classifySmtpError(error)).toBe(expected);
  });

  it('describes the server answer in one short line', () => {
    expect(describeSmtpError({ response: '550 5.1.1\n  No such user', message: 'x' })).toBe(
      '550 5.1.1 No such user',
    );
    expect(describeSmtpError(new Error('a'.repeat(400)))).toHaveLength(300);
  });
});
