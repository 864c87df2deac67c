// /ai-explanations: the AI assistant; anonymous visitors are redirected to /auth.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../config/page-head.ts';
import { AiAssistantScreen } from '../../features/ai/AiAssistantScreen.tsx';
import { requireUser } from '../../features/auth/require-user.ts';

export const Route = createFileRoute('/_app/ai-explanations')({
  beforeLoad: ({ context, location }) => {
    requireUser(context.user, location.href);
  },
  head: () => pageHead('AI Assistant'),
  component: AiAssistantScreen,
});
