// Provides useAuth(): the session user and the login, register and logout flows with SPEC section 4's toasts.
import { ApiError, type Login, type User } from '@private-notes/shared';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { api } from '../../api/api.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { USER_KEY } from '../../api/queries.ts';
import { rememberUser } from '../../sync/offline-session.ts';
import { toast } from '../../ui/toast-store.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';
import { confirmLogoutHook, flushBeforeLogout, runSignedOut } from './logout-guard.ts';
import { useCurrentUser } from './use-current-user.ts';

function serverMessage(error: unknown): string | null {
  return error instanceof ApiError || error instanceof Error ? error.message : null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { user, isLoading, isAnswered } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // The session may come with the server-rendered page, without a call from this tab: remember its answer
  // here too, so the owner's screens open offline on this device (and forget it when anonymous).
  useEffect(() => {
    if (isAnswered) rememberUser(user ?? null);
  }, [isAnswered, user]);

  const login = useCallback(
    async (credentials: Login): Promise<User | null> => {
      try {
        const signedIn = await api.login(credentials);
        queryClient.setQueryData<User | null>(USER_KEY, signedIn);
        toast({ title: 'Login successful', description: `Welcome back, ${signedIn.username}!` });
        window.location.assign('/notes');
        return signedIn;
      } catch (error) {
        toast({
          title: 'Login failed',
          description: serverMessage(error) ?? 'Invalid username or password',
          variant: 'destructive',
        });
        return null;
      }
    },
    [queryClient],
  );

  const register = useCallback(
    async (credentials: Login): Promise<User | null> => {
      try {
        const created = await api.register(credentials);
        queryClient.setQueryData<User | null>(USER_KEY, created);
        toast({ title: 'Registration successful', description: `Welcome, ${created.username}!` });
        return created;
      } catch (error) {
        toast({
          title: 'Registration failed',
          description: serverMessage(error) ?? 'Could not create account',
          variant: 'destructive',
        });
        return null;
      }
    },
    [queryClient],
  );

  const logout = useCallback(async (): Promise<boolean> => {
    // The open editor stores its text first, so the unsynced-changes guard counts (and pushes) it.
    await flushBeforeLogout();
    if (!(await confirmLogoutHook())) return false;
    try {
      await api.logout();
    } catch (error) {
      toast({
        title: 'Logout failed',
        description: serverMessage(error) ?? 'There was an issue logging out. Please try again.',
        variant: 'destructive',
      });
      return false;
    }
    queryClient.setQueryData<User | null>(USER_KEY, null);
    // Locked notes' keys go with the session (vault-runtime.ts).
    runSignedOut();
    // Signed out means signed out offline too: the device must not reopen the owner's screens.
    rememberUser(null);
    // Private answers (settings, drafts, commenters' e-mails) must not outlive the session in this tab.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_KEY[0] });
    toast({ title: 'Logged out successfully', description: 'You have been logged out of your account.' });
    await navigate({ to: '/blog' });
    return true;
  }, [queryClient, navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoading, login, register, logout }),
    [user, isLoading, login, register, logout],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
