// /terms-of-service: the static terms of service, rendered on the server.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../config/page-head.ts';
import { TermsOfService } from '../features/legal/TermsOfService.tsx';

export const Route = createFileRoute('/terms-of-service')({
  head: () =>
    pageHead(
      'Terms of Service',
      'The terms for reading, commenting on and subscribing to this Private Notes site.',
    ),
  component: TermsOfService,
});
