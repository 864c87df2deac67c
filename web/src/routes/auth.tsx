// /auth: the sign-in screen; ?redirect= is where to go after signing in (default '/').
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../config/page-head.ts';
import { SignInScreen } from '../features/auth/SignInScreen.tsx';
import { optionalText } from '../lib/search-params.ts';

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string | undefined } => ({
    redirect: optionalText(search.redirect, 2000),
  }),
  head: () => pageHead('Sign In', 'Sign in to your Private Notes account.'),
  component: AuthRoute,
});

function AuthRoute() {
  const { redirect } = Route.useSearch();
  return <SignInScreen redirect={redirect} />;
}
