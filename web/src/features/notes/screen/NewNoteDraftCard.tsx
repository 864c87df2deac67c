// The card of a new note that was left unsaved: its title and opening, when it was last typed into, and Open
// (the editor restores it), Save (it becomes a note) and Discard (with Undo).
import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import { previewText, restoredDraftText } from '@private-notes/shared';
import type { EditorDraft } from '../../../db/types.ts';
import { canSaveDraft, discardNewNoteDraft, saveNewNoteDraft } from './use-new-note-draft.ts';

export function NewNoteDraftCard({ draft, onOpen }: { draft: EditorDraft; onOpen(): void }) {
  const title = draft.title.trim() || 'Untitled note';
  return (
    <Box
      as="article"
      aria-label={`Unsaved draft: ${title}`}
      data-testid="draft-card"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="orange.muted"
      borderRadius="lg"
      p="4"
      display="flex"
      flexDirection="column"
      gap="2"
    >
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text as="h3" fontWeight="semibold" truncate>
          {title}
        </Text>
        <Badge colorPalette="orange">Unsaved draft</Badge>
      </HStack>
      {draft.content.trim() ? (
        <Text fontSize="sm" color="fg.muted" lineClamp={3}>
          {previewText(draft.content)}
        </Text>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        {restoredDraftText(new Date(draft.savedAt), new Date()).replace('Restored your unsaved', 'Unsaved')}
      </Text>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="blue" onClick={onOpen}>
          Open
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!canSaveDraft(draft)}
          title={canSaveDraft(draft) ? undefined : 'A note needs a title and some content: open it to finish'}
          onClick={() => void saveNewNoteDraft(draft)}
        >
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void discardNewNoteDraft(draft)}>
          Discard
        </Button>
      </HStack>
    </Box>
  );
}
