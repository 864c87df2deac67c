// /unsubscribe: leave the newsletter; ?email= prefills the field, ?token= (a newsletter's footer link)
// unsubscribes that subscription without asking for the address.
import { createFileRoute } from '@tanstack/react-router';
import { publicHead, publicPageData } from '../features/blog/blog-head.ts';
import { validateUnsubscribeSearch } from '../features/blog/blog-search.ts';
import { UnsubscribeScreen } from '../features/blog/UnsubscribeScreen.tsx';
import { Island } from '../islands/Island.tsx';

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: validateUnsubscribeSearch,
  loader: ({ context }) => publicPageData(context),
  head: ({ loaderData }) =>
    publicHead({
      page: 'Unsubscribe',
      description: `Unsubscribe from the ${loaderData?.siteTitle ?? 'blog'} newsletter.`,
      origin: loaderData?.origin ?? '',
      path: '/unsubscribe',
      siteTitle: loaderData?.siteTitle,
    }),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { email, token } = Route.useSearch();
  const siteTitle = Route.useLoaderData()?.siteTitle;
  return <Island name="unsubscribe" component={UnsubscribeScreen} props={{ email, token, siteTitle }} />;
}
