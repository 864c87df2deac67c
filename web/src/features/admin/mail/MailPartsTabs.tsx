// The two parts of a mail side by side as tabs: "HTML" (sandboxed) and "Plain text". Used by the Outbox
// preview and the newsletter dialog, so the owner reads a message the same way in both places.
import { Box, Tabs, Text } from '@chakra-ui/react';
import { MailHtmlFrame } from './MailHtmlFrame.tsx';

interface Props {
  html: string | null;
  text: string | null;
  /** Names the iframe for assistive technology, e.g. 'HTML preview of "Welcome"'. */
  subject: string;
}

export function MailPartsTabs({ html, text, subject }: Props) {
  return (
    <Tabs.Root defaultValue="html" variant="line" lazyMount unmountOnExit>
      <Tabs.List>
        <Tabs.Trigger value="html">HTML</Tabs.Trigger>
        <Tabs.Trigger value="text">Plain text</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="html">
        {html ? (
          <MailHtmlFrame html={html} title={`HTML preview of "${subject}"`} />
        ) : (
          <Text color="fg.muted">This message has no HTML part.</Text>
        )}
      </Tabs.Content>
      <Tabs.Content value="text">
        {text ? (
          <Box
            as="pre"
            data-testid="mail-text-part"
            whiteSpace="pre-wrap"
            wordBreak="break-word"
            fontFamily="mono"
            fontSize="sm"
            p="3"
            borderWidth="1px"
            borderRadius="md"
            maxH="28rem"
            overflow="auto"
          >
            {text}
          </Box>
        ) : (
          <Text color="fg.muted">This message has no plain-text part.</Text>
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}
