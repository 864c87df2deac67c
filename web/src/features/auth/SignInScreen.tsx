// The sign-in screen (SPEC sections 2, 4, 5, 8): 'Access Private Notes', username pre-filled, 'Sign In' /
// 'Signing in...' with everything disabled while the request runs, then the redirect path or the error.
// Beyond the spec (issue 23): the username is the one last used on this device, else the owner's (from the
// server); a 429 shows the server's own message once; a password sign-in with the second factor on asks for
// the authenticator code (or a recovery code); a passkey signs in without a password.

import { ApiError, CODE_ALREADY_USED, type User } from '@private-notes/shared';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { api } from '../../api/api.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { USER_KEY } from '../../api/queries.ts';
import { signInApi } from '../../api/sign-in-api.ts';
import { LogoIcon } from '../../ui/icons.tsx';
import { toast } from '../../ui/toast-store.ts';
import { lastUsername, rememberUsername } from './last-username.ts';
import styles from './SignInScreen.module.css';
import { safeRedirect } from './safe-redirect.ts';

const REQUIRED = 'Username and password are required';
const FAILED = 'Invalid username or password. Please try again.';
const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
const PASSKEY_FAILED = 'Passkey sign-in did not complete. Try again, or use your password.';

function secondFactorAsked(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    (error.body as { secondFactor?: unknown } | undefined)?.secondFactor === 'totp'
  );
}

/** The server's own message of a 429 ("Too many attempts. Try again in N minutes."). */
function tooManyMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const message = (error.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : error.message;
}

export function SignInScreen({ redirect }: { redirect?: string | undefined }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [passkeys, setPasskeys] = useState(false);
  // The server renders this form; until the app has hydrated it, Sign In stays disabled, so neither a
  // click nor Enter in a field can send it the browser's own way (a GET with the password in the URL).
  const [hydrated, setHydrated] = useState(false);
  const typed = useRef(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorId = useId();

  // After hydration: this device's last username, else the owner's from the server (never a fixed one).
  useEffect(() => {
    setHydrated(true);
    setPasskeys(typeof window.PublicKeyCredential === 'function');
    const remembered = lastUsername();
    if (remembered) {
      setUsername(remembered);
      return;
    }
    let live = true;
    signInApi
      .loginOptions()
      .then((options) => {
        if (live && !typed.current) setUsername(options.defaultUsername);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  async function signedIn(user: User) {
    rememberUsername(user.username);
    queryClient.setQueryData(USER_KEY, user);
    toast({
      title: 'Login successful',
      description: 'You are now logged in to your account.',
      duration: 3000,
    });
    void queryClient.invalidateQueries({ queryKey: USER_KEY });
    await navigate({ href: safeRedirect(redirect) });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(REQUIRED);
      return;
    }
    if (askCode && !code.trim()) {
      setError(CODE_REQUIRED);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const user = await api.login({
        username: username.trim(),
        password,
        ...(askCode ? { code: code.trim() } : {}),
      });
      await signedIn(user);
    } catch (e) {
      const tooMany = tooManyMessage(e);
      if (tooMany) {
        // Shown once, where the form is: the password may well be right, so never "invalid".
        setError(tooMany);
      } else if (secondFactorAsked(e)) {
        const first = !askCode;
        setAskCode(true);
        setCode('');
        const used = (e.body as { reason?: unknown } | undefined)?.reason === 'used';
        setError(
          first
            ? null
            : used
              ? CODE_ALREADY_USED
              : 'That code is not right. Try the current one, or a recovery code.',
        );
      } else {
        // SPEC §4 and §8: the inline alert and the destructive toast 'Login failed'; the toast is silent so a
        // screen reader hears the failure once (docs/decisions/login-failed-toast-silent.md).
        setError(FAILED);
        toast({ title: 'Login failed', description: FAILED, variant: 'destructive', silent: true });
      }
    } finally {
      setSubmitting(false);
    }
  }

  async function onPasskey() {
    setError(null);
    setSubmitting(true);
    try {
      // Loaded on use: the sign-in page stays as light as the public pages.
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const optionsJSON = await signInApi.passkeyLoginOptions();
      const response = await startAuthentication({ optionsJSON });
      await signedIn(await signInApi.passkeyLogin(response));
    } catch (e) {
      setError(tooManyMessage(e) ?? PASSKEY_FAILED);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className={styles.wrap}>
      <div className={styles.card}>
        <div className={styles.logo}>
          <LogoIcon width={40} height={40} />
        </div>
        <h1 className={styles.title}>Access Private Notes</h1>
        <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
          <div>
            <label className="pn-label" htmlFor="signin-username">
              Username
            </label>
            <input
              id="signin-username"
              className="pn-input"
              name="username"
              autoComplete="username webauthn"
              value={username}
              disabled={submitting}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                typed.current = true;
                setUsername(e.target.value);
              }}
            />
          </div>
          <div>
            <label className="pn-label" htmlFor="signin-password">
              Password
            </label>
            <input
              id="signin-password"
              className="pn-input"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              disabled={submitting}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {askCode && (
            <div>
              <label className="pn-label" htmlFor="signin-code">
                Authentication code
              </label>
              <input
                id="signin-code"
                className="pn-input"
                name="code"
                inputMode="text"
                autoComplete="one-time-code"
                // biome-ignore lint/a11y/noAutofocus: the field appears because the server asked for it now
                autoFocus
                value={code}
                disabled={submitting}
                aria-describedby={`${errorId}-code-help${error ? ` ${errorId}` : ''}`}
                onChange={(e) => setCode(e.target.value)}
              />
              <p id={`${errorId}-code-help`} className={styles.help}>
                {CODE_REQUIRED}
              </p>
            </div>
          )}
          {error && (
            <p id={errorId} role="alert" className={styles.error}>
              {error}
            </p>
          )}
          <button type="submit" className="pn-button pn-button-primary" disabled={submitting || !hydrated}>
            {submitting ? 'Signing in...' : 'Sign In'}
          </button>
          {passkeys && (
            <button
              type="button"
              className="pn-button pn-button-outline"
              disabled={submitting}
              onClick={onPasskey}
            >
              Use a passkey
            </button>
          )}
        </form>
      </div>
    </div>
  );
}
