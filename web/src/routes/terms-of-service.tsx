// /terms-of-service: the static terms of service, rendered on the server.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../config/page-head.ts';
import { publicPageData } from '../features/blog/blog-head.ts';
import { TermsOfService } from '../features/legal/TermsOfService.tsx';

export const Route = createFileRoute('/terms-of-service')({
  loader: ({ context }) => publicPageData(context),
  head: ({ loaderData }) =>
    pageHead(
      'Terms of Service',
      'The terms for reading, commenting on and subscribing to this site.',
      loaderData?.siteTitle,
    ),
  component: TermsOfService,
});
