// The shape of the auth context and the context object itself (the provider lives in AuthProvider.tsx).
import type { Login, User } from '@private-notes/shared';
import { createContext } from 'react';

export interface AuthContextValue {
  /** The signed-in user; null when anonymous; undefined while the session loads. */
  user: User | null | undefined;
  isLoading: boolean;
  /** Signs in, toasts 'Login successful' / 'Welcome back, {username}!' and loads /notes (full page load). */
  login: (credentials: Login) => Promise<User | null>;
  /** Creates the first account, toasts 'Registration successful' / 'Welcome, {username}!'. */
  register: (credentials: Login) => Promise<User | null>;
  /** Asks the logout guards, signs out, toasts and goes to /blog. Answers whether it signed out. */
  logout: () => Promise<boolean>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
