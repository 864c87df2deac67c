// The calls of sign-in beyond the password (issue 23): passkeys, the TOTP second factor, the session list
// and the form's default username. Apart from api.ts so the public pages' bundle does not carry them.
import {
  type LoginOptions,
  type PasskeyInfo,
  type SessionInfo,
  SIGN_IN_API,
  type TotpSetup,
  type TotpStatus,
  type User,
} from '@private-notes/shared';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { queryOptions } from './page-cache.ts';
import { apiRequest } from './request.ts';

export const signInApi = {
  loginOptions: () => apiRequest<LoginOptions>(SIGN_IN_API.loginOptions, { credentials: 'omit' }),
  // Passkeys: the WebAuthn options and answers are JSON the browser library reads and writes.
  passkeyLoginOptions: () =>
    apiRequest<PublicKeyCredentialRequestOptionsJSON>(SIGN_IN_API.passkeyLoginOptions, { method: 'POST' }),
  passkeyLogin: (response: unknown) =>
    apiRequest<User>(SIGN_IN_API.passkeyLogin, { method: 'POST', body: { response } }),
  passkeys: (signal?: AbortSignal) => apiRequest<PasskeyInfo[]>(SIGN_IN_API.passkeys, { signal }),
  passkeyOptions: () =>
    apiRequest<PublicKeyCredentialCreationOptionsJSON>(SIGN_IN_API.passkeyOptions, { method: 'POST' }),
  addPasskey: (name: string, response: unknown) =>
    apiRequest<PasskeyInfo>(SIGN_IN_API.passkeys, { method: 'POST', body: { name, response } }),
  removePasskey: (id: number) => apiRequest<unknown>(SIGN_IN_API.passkey(id), { method: 'DELETE' }),
  totpStatus: (signal?: AbortSignal) => apiRequest<TotpStatus>(SIGN_IN_API.totp, { signal }),
  totpSetup: () => apiRequest<TotpSetup>(SIGN_IN_API.totpSetup, { method: 'POST' }),
  totpEnable: (code: string) =>
    apiRequest<{ recoveryCodes: string[] }>(SIGN_IN_API.totpEnable, { method: 'POST', body: { code } }),
  totpDisable: (password: string, code: string) =>
    apiRequest<unknown>(SIGN_IN_API.totpDisable, { method: 'POST', body: { password, code } }),
  /** A fresh proof of the owner for this session, which adding a passkey needs (the code when TOTP is on). */
  reauth: (password: string, code?: string) =>
    apiRequest<unknown>(SIGN_IN_API.reauth, {
      method: 'POST',
      body: { password, ...(code ? { code } : {}) },
    }),
  sessions: (signal?: AbortSignal) => apiRequest<SessionInfo[]>(SIGN_IN_API.sessions, { signal }),
  endSession: (id: number) => apiRequest<unknown>(SIGN_IN_API.session(id), { method: 'DELETE' }),
  endOtherSessions: () =>
    apiRequest<{ ended: number }>(SIGN_IN_API.sessionsSignOutOthers, { method: 'POST' }),
};

export const PASSKEYS_KEY = ['/api/user/passkeys'] as const;
export const TOTP_KEY = ['/api/user/totp'] as const;
export const SESSIONS_KEY = ['/api/user/sessions'] as const;

export const passkeysQuery = () =>
  queryOptions({ queryKey: PASSKEYS_KEY, queryFn: ({ signal }) => signInApi.passkeys(signal) });
export const totpQuery = () =>
  queryOptions({ queryKey: TOTP_KEY, queryFn: ({ signal }) => signInApi.totpStatus(signal) });
export const sessionsQuery = () =>
  queryOptions({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => signInApi.sessions(signal) });
