// The route guard of the owner's screens that redirect: anonymous visitors go to /auth?redirect={path}.
import type { User } from '@private-notes/shared';
import { redirect } from '@tanstack/react-router';

export function requireUser(user: User | null, returnTo: string): User {
  if (!user) throw redirect({ to: '/auth', search: { redirect: returnTo } });
  return user;
}
