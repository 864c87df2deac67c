// The WebAuthn ceremonies of a passkey that unlocks locked notes (issue 34): a dedicated credential made in the
// browser with the PRF extension, and an assertion evaluating the PRF for this vault. The server takes no part:
// the secret is the PRF output, which never leaves the device; the signature is not checked by anyone. See
// docs/decisions/locked-notes-passkey-prf.md.
import { fromBase64Url, passkeyPrfInput, toBase64Url } from '@private-notes/shared/vault';

export const PRF_UNAVAILABLE_MESSAGE =
  'This passkey cannot unlock locked notes (its authenticator does not offer the PRF extension).';
export const NO_WEBAUTHN_MESSAGE = 'This browser cannot use passkeys here.';
const CEREMONY_TIMEOUT_MS = 120_000;

export interface PasskeyPrf {
  credentialId: string;
  prfOutput: Uint8Array;
}

interface PrfExtensionOutput {
  enabled?: boolean;
  results?: { first?: BufferSource };
}

/** The PRF output ("first") from a credential's client extension results, or null when there is none. */
export function prfOutputFrom(extensions: unknown): Uint8Array | null {
  const prf = (extensions as { prf?: PrfExtensionOutput } | null)?.prf;
  const first = prf?.results?.first;
  if (!first) return null;
  const bytes =
    first instanceof ArrayBuffer
      ? new Uint8Array(first)
      : new Uint8Array(first.buffer, first.byteOffset, first.byteLength);
  return bytes.length >= 32 ? new Uint8Array(bytes) : null;
}

/** Whether the authenticator said, at creation, that the credential supports PRF (undefined: not said). */
export function prfEnabledFrom(extensions: unknown): boolean | undefined {
  return (extensions as { prf?: PrfExtensionOutput } | null)?.prf?.enabled;
}

/** A label for a new passkey: the browser and system, from the user agent ("Chrome on Linux"). */
export function defaultPasskeyLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X|Macintosh/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null;
  return system ? `${browser} on ${system}` : browser;
}

/** What to tell the owner when a ceremony failed (cancelled, timed out, refused). */
export function webAuthnProblem(error: unknown, action: 'add' | 'unlock'): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError')
    return action === 'add'
      ? 'No passkey was added: the request was cancelled or timed out.'
      : 'The passkey did not unlock: the request was cancelled, timed out, or this device has none of the passkeys set up for locked notes. Try again, or use the passphrase.';
  if (name === 'InvalidStateError')
    return 'This authenticator already holds a passkey that unlocks your locked notes.';
  if (name === 'SecurityError') return 'Passkeys cannot be used on this address (it needs a domain name).';
  if (name === 'NotSupportedError')
    return 'This authenticator does not support what passkeys for locked notes need.';
  if (error instanceof Error && error.message) return error.message;
  return action === 'add' ? 'The passkey was not added.' : 'The passkey did not unlock.';
}

function webAuthn(): CredentialsContainer {
  if (
    typeof navigator === 'undefined' ||
    !navigator.credentials ||
    typeof PublicKeyCredential === 'undefined'
  )
    throw new Error(NO_WEBAUTHN_MESSAGE);
  return navigator.credentials;
}

function credentialIdBytes(id: string): Uint8Array<ArrayBuffer> {
  const bytes = fromBase64Url(id);
  if (!bytes) throw new Error('A passkey in the vault header has a malformed id.');
  return new Uint8Array(bytes);
}

function challenge(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(32));
}

function prfSalt(vaultKeyId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(passkeyPrfInput(vaultKeyId));
}

async function assert(vaultKeyId: string, credentialIds: string[]): Promise<PasskeyPrf> {
  const credential = (await webAuthn().get({
    publicKey: {
      challenge: challenge(),
      allowCredentials: credentialIds.map((id) => ({ type: 'public-key', id: credentialIdBytes(id) })),
      // The PRF output differs with and without user verification (CTAP2 hmac-secret): always required.
      userVerification: 'required',
      timeout: CEREMONY_TIMEOUT_MS,
      extensions: { prf: { eval: { first: prfSalt(vaultKeyId) } } },
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new DOMException('No passkey was chosen.', 'NotAllowedError');
  const prfOutput = prfOutputFrom(credential.getClientExtensionResults());
  if (!prfOutput) throw new Error(PRF_UNAVAILABLE_MESSAGE);
  return { credentialId: toBase64Url(new Uint8Array(credential.rawId)), prfOutput };
}

/** Tells the authenticator (where the browser can) that a credential is of no use any more, so it may drop it. */
export async function forgetCredential(credentialId: string): Promise<void> {
  const signal = (
    PublicKeyCredential as unknown as {
      signalUnknownCredential?: (options: { rpId: string; credentialId: string }) => Promise<void>;
    }
  ).signalUnknownCredential;
  if (typeof signal !== 'function') return;
  await signal.call(PublicKeyCredential, { rpId: location.hostname, credentialId }).catch(() => {});
}

/**
 * A new passkey dedicated to unlocking this vault, and its PRF output for `passkeyPrfInput(vaultKeyId)`: from
 * the creation when the authenticator evaluates it there, or from one assertion right after. An authenticator
 * without PRF gets PRF_UNAVAILABLE_MESSAGE (and the browser is told to drop the useless credential).
 */
export async function createUnlockPasskey(options: {
  vaultKeyId: string;
  label: string;
  userName: string;
  excludeCredentialIds: string[];
}): Promise<PasskeyPrf> {
  const credential = (await webAuthn().create({
    publicKey: {
      challenge: challenge(),
      rp: { name: 'Private Notes (locked notes)' },
      // A fresh user handle: a discoverable credential never replaces the sign-in passkey on the authenticator.
      user: {
        id: crypto.getRandomValues(new Uint8Array(16)),
        name: `${options.userName} (locked notes)`,
        displayName: `${options.userName}: unlock locked notes`,
      },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -8 },
        { type: 'public-key', alg: -257 },
      ],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      excludeCredentials: options.excludeCredentialIds.map((id) => ({
        type: 'public-key',
        id: credentialIdBytes(id),
      })),
      timeout: CEREMONY_TIMEOUT_MS,
      attestation: 'none',
      extensions: { prf: { eval: { first: prfSalt(options.vaultKeyId) } } },
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new DOMException('No passkey was made.', 'NotAllowedError');
  const credentialId = toBase64Url(new Uint8Array(credential.rawId));
  const extensions = credential.getClientExtensionResults();
  const atCreation = prfOutputFrom(extensions);
  if (atCreation) return { credentialId, prfOutput: atCreation };
  if (prfEnabledFrom(extensions) !== true) {
    await forgetCredential(credentialId);
    throw new Error(PRF_UNAVAILABLE_MESSAGE);
  }
  // PRF supported but not evaluated at creation (most security keys): one assertion gives the output.
  const asserted = await assert(options.vaultKeyId, [credentialId]);
  if (asserted.credentialId !== credentialId) throw new Error('Use the passkey you just made.');
  return asserted;
}

/** An assertion by one of the passkeys set up for this vault, with its PRF output. */
export function getUnlockPasskeyPrf(vaultKeyId: string, credentialIds: string[]): Promise<PasskeyPrf> {
  if (credentialIds.length === 0)
    return Promise.reject(new Error('No passkey unlocks your locked notes yet.'));
  return assert(vaultKeyId, credentialIds);
}
