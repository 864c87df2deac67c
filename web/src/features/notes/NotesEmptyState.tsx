// The four empty states of the notes screen (SPEC section 2) with their texts and buttons.
import { Button, Stack, Text } from '@chakra-ui/react';
import { type NotesEmptyState as EmptyKind, noResultsForLabel } from '@private-notes/shared';

interface Props {
  kind: EmptyKind;
  search: string;
  tags: string[];
  onCreate(): void;
  onViewAll(): void;
}

export function NotesEmptyState({ kind, search, tags, onCreate, onViewAll }: Props) {
  const title =
    kind === 'no-search-results'
      ? noResultsForLabel(search.trim())
      : kind === 'no-tag-results'
        ? `No notes tagged with ${tags.map((t) => `"${t}"`).join(', ')}`
        : kind === 'no-filter-results'
          ? 'No matching notes found'
          : 'No notes yet';
  return (
    <Stack align="center" textAlign="center" py="16" gap="3" data-testid="notes-empty" data-kind={kind}>
      <Text fontSize="xl" fontWeight="semibold">
        {title}
      </Text>
      {kind === 'no-notes' ? (
        <>
          <Button colorPalette="blue" onClick={onCreate}>
            Create your first note
          </Button>
          <Text fontSize="sm" color="fg.muted">
            Tip: press N to create a new note.
          </Text>
        </>
      ) : (
        <Button variant="outline" onClick={onViewAll}>
          View all notes
        </Button>
      )}
    </Stack>
  );
}
