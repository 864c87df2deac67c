import { describe, expect, it } from 'vitest';
import { ownerStartMessage } from './owner-start-message.ts';

describe('ownerStartMessage', () => {
  it('names the account on every start: generated password, OWNER_PASSWORD, or an existing account', () => {
    const generated = ownerStartMessage({ created: true, generatedPassword: 'pw-123' }, 'admin', 'admin');
    expect(generated).toContain('username: admin');
    expect(generated).toContain('password: pw-123');
    expect(ownerStartMessage({ created: true, generatedPassword: null }, 'alice', 'alice')).toBe(
      'Created the owner account "alice" with the password in OWNER_PASSWORD.',
    );
    expect(ownerStartMessage({ created: false, generatedPassword: null }, 'admin', 'alice')).toMatch(
      /^Owner account: "alice" \(OWNER_PASSWORD sets the password only when the account is created/,
    );
  });
});
