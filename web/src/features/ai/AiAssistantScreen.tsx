// The AI assistant (/ai-explanations): the 'Ask AI' and 'History' tabs. History mounts (and so fetches the
// explanations) only when its tab is first opened. With Settings › AI features off, neither is shown.
import { Stack, Tabs, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { OwnerPage } from '../../ui/private/OwnerPage.tsx';
import { useSettings } from '../settings/use-settings.ts';
import { AskAiTab } from './AskAiTab.tsx';
import { HistoryTab } from './HistoryTab.tsx';

export function AiAssistantScreen() {
  const { settings, isLoading } = useSettings();
  if (isLoading) return null;
  if (!settings.aiFeatures) {
    return (
      <OwnerPage data-testid="ai-assistant">
        <Text as="h1" fontSize="3xl" fontWeight="bold" mb="2">
          AI Assistant
        </Text>
        <Text color="fg.muted">
          AI features are turned off. Turn them on in{' '}
          <Link to="/settings" style={{ textDecoration: 'underline' }}>
            Settings
          </Link>
          .
        </Text>
      </OwnerPage>
    );
  }
  return (
    <OwnerPage data-testid="ai-assistant">
      <Stack gap="1" mb="6">
        <Text as="h1" fontSize="3xl" fontWeight="bold">
          AI Assistant
        </Text>
        <Text color="fg.muted">Ask about any concept and keep the explanations you want as notes.</Text>
      </Stack>
      {/* Explanations read best at a line length of a page of text: the column starts at the shared edge. */}
      <Tabs.Root defaultValue="ask" variant="line" lazyMount maxW="4xl">
        <Tabs.List mb="4">
          <Tabs.Trigger value="ask">Ask AI</Tabs.Trigger>
          <Tabs.Trigger value="history">History</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="ask">
          <AskAiTab />
        </Tabs.Content>
        <Tabs.Content value="history">
          <HistoryTab />
        </Tabs.Content>
      </Tabs.Root>
    </OwnerPage>
  );
}
