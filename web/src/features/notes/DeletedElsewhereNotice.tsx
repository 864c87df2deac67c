// The viewer's notice for a note deleted in another tab or on another device while it was open: the text
// stays on screen, Keep a copy saves it as a new note, Close leaves it (the editor's own is EditorNotices.tsx).
import { Button, HStack, Text } from '@chakra-ui/react';
import { NoteNotice } from './NoteNotice.tsx';

export const DELETED_ELSEWHERE_TEXT = 'This note was deleted in another tab or on another device.';

export function DeletedElsewhereNotice({ onKeepCopy, onClose }: { onKeepCopy(): void; onClose(): void }) {
  return (
    <NoteNotice testId="viewer-deleted-notice" tone="orange">
      <Text fontSize="sm">{DELETED_ELSEWHERE_TEXT}</Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" onClick={onKeepCopy}>
          Keep a copy
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </HStack>
    </NoteNotice>
  );
}
