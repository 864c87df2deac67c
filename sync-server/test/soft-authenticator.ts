// A software passkey authenticator for server tests over HTTP: makes the browser's registration and
// sign-in answers (ES256, "none" attestation) exactly as WebAuthn defines them, so the real verification
// in @simplewebauthn/server runs. Browser tests use Chromium's virtual authenticator instead.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly #privateKey: KeyObject;
  readonly #publicJwk: { x: string; y: string };
  #counter = 0;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.#publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  /** The answer to `navigator.credentials.create()` with the server's options. */
  register(options: { challenge: string; rp: { id: string } }, origin: string) {
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.#publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.#publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      this.#count(),
      Buffer.alloc(16), // AAGUID
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin });
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer to `navigator.credentials.get()`; `rpId` defaults to the options' own. */
  authenticate(options: { challenge: string; rpId: string }, origin: string) {
    const authData = Buffer.concat([sha256(options.rpId), Buffer.from([0x05]), this.#count()]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.#privateKey);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(Buffer.from('pn-user-1')),
      },
    };
  }

  #count(): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(++this.#counter);
    return counter;
  }
}
