// /unsubscribe: leave the newsletter; ?email= prefills the field.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../config/page-head.ts';
import { validateUnsubscribeSearch } from '../features/blog/blog-search.ts';
import { UnsubscribeScreen } from '../features/blog/UnsubscribeScreen.tsx';

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: validateUnsubscribeSearch,
  head: () => pageHead('Unsubscribe', 'Unsubscribe from the newsletter.'),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { email } = Route.useSearch();
  return <UnsubscribeScreen email={email} />;
}
