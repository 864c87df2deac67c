// The viewer's notice for a note deleted in another tab or on another device while it was open: the text
// stays on screen, Keep a copy saves it as a new note, Close leaves it (the editor's own is EditorNotices.tsx).
import { Button, Flex, HStack, Text } from '@chakra-ui/react';

export const DELETED_ELSEWHERE_TEXT = 'This note was deleted in another tab or on another device.';

export function DeletedElsewhereNotice({ onKeepCopy, onClose }: { onKeepCopy(): void; onClose(): void }) {
  return (
    <Flex
      role="status"
      align="center"
      justify="space-between"
      gap="3"
      wrap="wrap"
      mb="4"
      p="3"
      borderWidth="1px"
      borderRadius="md"
      bg="orange.subtle"
      data-testid="viewer-deleted-notice"
    >
      <Text fontSize="sm">{DELETED_ELSEWHERE_TEXT}</Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" onClick={onKeepCopy}>
          Keep a copy
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </HStack>
    </Flex>
  );
}
