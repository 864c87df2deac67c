// The HTTP paths of sign-in beyond the password (issue 23): kept apart from API so the public pages' bundle,
// which carries API, does not carry these too; only the sign-in screen and Settings › Security use them.
export const SIGN_IN_API = {
  /** GET: the sign-in form's default username (the owner's, SPEC section 2's default value). */
  loginOptions: '/api/login/options',
  /** POST: a passkey sign-in's challenge, then POST the browser's answer to `passkeyLogin`. */
  passkeyLoginOptions: '/api/login/passkey/options',
  passkeyLogin: '/api/login/passkey',
  /** GET the owner's passkeys; POST `{ name, response }` after POST `passkeyOptions`. */
  passkeys: '/api/user/passkeys',
  passkeyOptions: '/api/user/passkeys/options',
  passkey: (id: number) => `/api/user/passkeys/${id}`,
  /**
   * POST `{ password, code? }`: a fresh proof of the owner for this session (the code when TOTP is on),
   * which adding a passkey needs within REAUTH_WINDOW_MS. Shares the sign-in lockout.
   */
  reauth: '/api/user/reauth',
  /** GET `{ enabled, recoveryCodesLeft }`; POST setup, enable `{ code }`, disable `{ password, code }`. */
  totp: '/api/user/totp',
  totpSetup: '/api/user/totp/setup',
  totpEnable: '/api/user/totp/enable',
  totpDisable: '/api/user/totp/disable',
  /** GET the signed-in sessions; DELETE one; POST `sessionsSignOutOthers` ends every other. */
  sessions: '/api/user/sessions',
  session: (id: number) => `/api/user/sessions/${id}`,
  sessionsSignOutOthers: '/api/user/sessions/sign-out-others',
} as const;
