// The username last signed in with on this device: the sign-in form's first value next time. Kept apart from
// the offline session (sync/offline-session.ts), which a sign-out forgets; a username is not a secret.
const KEY = 'pn-last-username';

export function lastUsername(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberUsername(username: string): void {
  try {
    window.localStorage.setItem(KEY, username);
  } catch {
    // Storage refused (private mode, quota): the form falls back to the server's default next time.
  }
}
