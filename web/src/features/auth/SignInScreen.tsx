// The sign-in screen (SPEC sections 2, 4, 5, 8): 'Access Private Notes', username pre-filled, 'Sign In' /
// 'Signing in...' with everything disabled while the request runs, then the redirect path or the error.

import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { api } from '../../api/api.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { USER_KEY } from '../../api/queries.ts';
import { LogoIcon } from '../../ui/icons.tsx';
import { toast } from '../../ui/toast-store.ts';
import styles from './SignInScreen.module.css';
import { safeRedirect } from './safe-redirect.ts';

export const DEFAULT_USERNAME = 'admin';
const REQUIRED = 'Username and password are required';
const FAILED = 'Invalid username or password. Please try again.';

export function SignInScreen({ redirect }: { redirect?: string | undefined }) {
  const [username, setUsername] = useState(DEFAULT_USERNAME);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(REQUIRED);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const user = await api.login({ username: username.trim(), password });
      queryClient.setQueryData(USER_KEY, user);
      toast({
        title: 'Login successful',
        description: 'You are now logged in to your account.',
        duration: 3000,
      });
      void queryClient.invalidateQueries({ queryKey: USER_KEY });
      await navigate({ href: safeRedirect(redirect) });
    } catch {
      setError(FAILED);
      toast({ title: 'Login failed', description: FAILED, variant: 'destructive' });
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
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <div>
            <label className="pn-label" htmlFor="signin-username">
              Username
            </label>
            <input
              id="signin-username"
              className="pn-input"
              name="username"
              autoComplete="username"
              value={username}
              disabled={submitting}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setUsername(e.target.value)}
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
          {error && (
            <p id={errorId} role="alert" className={styles.error}>
              {error}
            </p>
          )}
          <button type="submit" className="pn-button pn-button-primary" disabled={submitting}>
            {submitting ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
      </div>
    </div>
  );
}
