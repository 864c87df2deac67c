// /subscribe/confirm?token=…: the confirmation mail's link. Rendering it changes nothing (mail scanners
// open links); only the page's button confirms (a form that also posts without JavaScript). Kept out of search engines: every address is one token.
import { createFileRoute } from '@tanstack/react-router';
import { publicHead, publicPageData } from '../../features/blog/blog-head.ts';
import { validateConfirmSearch } from '../../features/blog/blog-search.ts';
import { ConfirmSubscriptionScreen } from '../../features/blog/ConfirmSubscriptionScreen.tsx';
import { Island } from '../../islands/Island.tsx';

export const Route = createFileRoute('/subscribe/confirm')({
  validateSearch: validateConfirmSearch,
  loader: ({ context }) => publicPageData(context),
  head: ({ loaderData }) => {
    const head = publicHead({
      page: 'Confirm your subscription',
      description: `Confirm your subscription to the ${loaderData?.siteTitle ?? 'blog'} newsletter.`,
      origin: loaderData?.origin ?? '',
      path: '/subscribe/confirm',
      siteTitle: loaderData?.siteTitle,
    });
    return { ...head, meta: [...head.meta, { name: 'robots', content: 'noindex' }] };
  },
  component: ConfirmSubscriptionRoute,
});

function ConfirmSubscriptionRoute() {
  const { token, result } = Route.useSearch();
  const siteTitle = Route.useLoaderData()?.siteTitle;
  return (
    <Island
      name="confirm-subscription"
      component={ConfirmSubscriptionScreen}
      props={{ token, result, siteTitle }}
    />
  );
}
