// Below the fields: the counts and draft status (SPEC section 5), extracted insights, and the footer with the
// dirty text, the AI helpers' slot, Cancel and Save.
import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { editorFooterText } from '@private-notes/shared';
import type { ReactNode } from 'react';

export function EditorCounts(props: {
  words: number;
  characters: number;
  minutes: number;
  draftStatus: string;
}) {
  return (
    <HStack gap="4" mt="3" fontSize="sm" color="fg.muted" wrap="wrap" data-testid="editor-counts">
      <Text>{props.words} words</Text>
      <Text>{props.characters} characters</Text>
      <Text>{props.minutes} min read</Text>
      <Text data-testid="draft-status">{props.draftStatus}</Text>
    </HStack>
  );
}

export function EditorInsights({ insights }: { insights: string[] }) {
  if (insights.length === 0) return null;
  return (
    <Box mt="3" p="3" borderWidth="1px" borderRadius="md" data-testid="editor-insights">
      <Text fontWeight="semibold" mb="1">
        Insights
      </Text>
      <Stack as="ul" gap="1" pl="4" css={{ listStyle: 'disc' }}>
        {insights.map((insight, index) => (
          <li key={index}>{insight}</li>
        ))}
      </Stack>
    </Box>
  );
}

export function DisabledAiButtons() {
  return (
    <>
      <Button size="sm" variant="outline" disabled>
        Suggest Tags
      </Button>
      <Button size="sm" variant="outline" disabled>
        Extract Insights
      </Button>
    </>
  );
}

export function EditorFooter(props: {
  dirty: boolean;
  ai: ReactNode;
  canSave: boolean;
  saving: boolean;
  onCancel(): void;
}) {
  return (
    <Flex justify="space-between" align="center" mt="4" gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" data-testid="editor-footer-status">
        {editorFooterText(props.dirty)}
      </Text>
      <HStack gap="2" wrap="wrap">
        {props.ai}
        <Button variant="outline" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="blue" disabled={!props.canSave} loading={props.saving}>
          Save
        </Button>
      </HStack>
    </Flex>
  );
}
