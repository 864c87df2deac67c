import { describe, expect, it } from 'vitest';
import {
  defaultPasskeyLabel,
  PRF_UNAVAILABLE_MESSAGE,
  prfEnabledFrom,
  prfOutputFrom,
  webAuthnProblem,
} from './passkey-webauthn.ts';

describe('prfOutputFrom', () => {
  it('copies the first PRF result, from an ArrayBuffer or a view', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i);
    expect(prfOutputFrom({ prf: { results: { first: bytes.buffer } } })).toEqual(bytes);
    const view = new Uint8Array(40);
    view.set(bytes, 8);
    const out = prfOutputFrom({ prf: { enabled: true, results: { first: view.subarray(8) } } });
    expect(out).toEqual(bytes);
    view.fill(0);
    expect(out).toEqual(bytes);
  });

  it('is null without PRF results, or with too few bytes to be a key', () => {
    expect(prfOutputFrom({})).toBeNull();
    expect(prfOutputFrom(null)).toBeNull();
    expect(prfOutputFrom({ prf: { enabled: false } })).toBeNull();
    expect(prfOutputFrom({ prf: { results: { first: new Uint8Array(16) } } })).toBeNull();
  });
});

describe('prfEnabledFrom', () => {
  it('says what the creation said, or undefined when the browser said nothing', () => {
    expect(prfEnabledFrom({ prf: { enabled: true } })).toBe(true);
    expect(prfEnabledFrom({ prf: { enabled: false } })).toBe(false);
    expect(prfEnabledFrom({})).toBeUndefined();
  });
});

describe('defaultPasskeyLabel', () => {
  it('names the browser and the system', () => {
    expect(
      defaultPasskeyLabel(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(
      defaultPasskeyLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      defaultPasskeyLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox on Windows');
    expect(defaultPasskeyLabel('')).toBe('Browser');
  });
});

describe('webAuthnProblem', () => {
  it('says a cancel or time-out plainly, per action', () => {
    const cancelled = new DOMException(
      'The operation either timed out or was not allowed.',
      'NotAllowedError',
    );
    expect(webAuthnProblem(cancelled, 'add')).toBe(
      'No passkey was added: the request was cancelled or timed out.',
    );
    expect(webAuthnProblem(cancelled, 'unlock')).toMatch(
      /^The passkey did not unlock: .*use the passphrase\.$/,
    );
  });

  it('names an authenticator already set up, and passes our own messages through', () => {
    expect(webAuthnProblem(new DOMException('excluded', 'InvalidStateError'), 'add')).toBe(
      'This authenticator already holds a passkey that unlocks your locked notes.',
    );
    expect(webAuthnProblem(new Error(PRF_UNAVAILABLE_MESSAGE), 'add')).toBe(PRF_UNAVAILABLE_MESSAGE);
    expect(webAuthnProblem('??', 'unlock')).toBe('The passkey did not unlock.');
  });
});
