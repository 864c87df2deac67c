// /privacy-policy: the static privacy policy, rendered on the server.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../config/page-head.ts';
import { PrivacyPolicy } from '../features/legal/PrivacyPolicy.tsx';

export const Route = createFileRoute('/privacy-policy')({
  head: () =>
    pageHead(
      'Privacy Policy',
      'What Private Notes stores, why, for how long, and the choices you have. No trackers, no advertising.',
    ),
  component: PrivacyPolicy,
});
