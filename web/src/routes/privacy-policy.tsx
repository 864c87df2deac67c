// /privacy-policy: the static privacy policy, rendered on the server.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../config/page-head.ts';
import { publicPageData } from '../features/blog/blog-head.ts';
import { PrivacyPolicy } from '../features/legal/PrivacyPolicy.tsx';

export const Route = createFileRoute('/privacy-policy')({
  loader: ({ context }) => publicPageData(context),
  head: ({ loaderData }) =>
    pageHead(
      'Privacy Policy',
      'What this site stores, why, for how long, and the choices you have. No trackers, no advertising.',
      loaderData?.siteTitle,
    ),
  component: PrivacyPolicy,
});
