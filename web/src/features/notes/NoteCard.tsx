// One note in the list or grid: title, preview, up to 3 tags plus '+N', relative update time, sync state, and the
// four actions. Clicking the card body (not a button) opens the viewer.
import { Badge, Box, chakra, Flex, HStack, IconButton, Spinner, Text } from '@chakra-ui/react';
import { NOTE_CARD_TAGS, previewText, relativeTime, searchSnippet, visibleTags } from '@private-notes/shared';
import { memo, useMemo } from 'react';
import { isSealedNote, LOCKED_NOTE_TITLE } from '../../db/locked-note-codec.ts';
import type { LocalNote } from '../../db/types.ts';
import { BlogIcon, EditIcon, LockIcon, StudyIcon, TrashIcon } from './note-icons.tsx';
import { sameCardProps } from './same-card-props.ts';

export interface NoteCardActions {
  onOpen(note: LocalNote): void;
  onEdit(note: LocalNote): void;
  onDelete(note: LocalNote): void;
  onStudy(note: LocalNote): void;
  onConvert(note: LocalNote): void;
}

export interface NoteCardProps extends NoteCardActions {
  note: LocalNote;
  /** Search words: the card shows the passage where they occur, marked. */
  highlight?: readonly string[] | undefined;
  converting: boolean;
  /** Study and blog conversion are provided by other features: without study the button is disabled, without
   * conversion (or with AI features off) its button is not shown. */
  canStudy: boolean;
  canConvert: boolean;
  now: number;
  /** The virtualised collection measures each grid row on its first card; data-index: the card's row. */
  measureRef?: ((element: HTMLElement | null) => void) | undefined;
  rowIndex?: number | undefined;
}

export const NoteCard = memo(function NoteCard(props: NoteCardProps) {
  const { note, converting, now } = props;
  const { highlight } = props;
  const sealed = isSealedNote(note);
  const title = sealed ? LOCKED_NOTE_TITLE : note.title;
  const preview = useMemo(
    () =>
      isSealedNote(note)
        ? 'Unlock your locked notes to read it.'
        : highlight && highlight.length > 0
          ? searchSnippet(note.content, highlight).map((part, i) =>
              part.match ? <mark key={i}>{part.text}</mark> : part.text,
            )
          : previewText(note.content),
    [note, highlight],
  );
  const tags = visibleTags(note.tags, NOTE_CARD_TAGS);
  const stop = (action: (n: LocalNote) => void) => (event: React.MouseEvent) => {
    event.stopPropagation();
    action(note);
  };
  return (
    <Box
      as="article"
      data-testid="note-card"
      data-note-id={note.id}
      ref={props.measureRef}
      data-index={props.rowIndex}
      borderWidth="1px"
      borderRadius="lg"
      bg="bg"
      p="4"
      h="full"
      display="flex"
      flexDirection="column"
      gap="2"
      cursor="pointer"
      transition="box-shadow 0.15s"
      _hover={{ shadow: 'md' }}
      onClick={() => props.onOpen(note)}
    >
      <Flex justify="space-between" align="start" gap="2">
        <Text as="h3" fontWeight="semibold" fontSize="lg" wordBreak="break-word" minW="0">
          {/* The card opens on a click anywhere; this button is how a keyboard opens it (and where the
              viewer hands focus back when it closes). */}
          <chakra.button
            type="button"
            aria-label={`${note.locked ? 'Open locked note' : 'Open note'}: ${title}`}
            onClick={stop(props.onOpen)}
            lineClamp={2}
            textAlign="start"
            cursor="pointer"
            borderRadius="sm"
            focusRingColor="colorPalette.focusRing"
          >
            {note.locked || sealed ? (
              <LockIcon style={{ display: 'inline', marginInlineEnd: '0.35em' }} />
            ) : null}
            {title}
          </chakra.button>
        </Text>
        {note.syncState === 'error' ? (
          <Badge colorPalette="red" title={note.syncError ?? undefined} flexShrink={0}>
            Not synced
          </Badge>
        ) : note.syncState === 'pending' ? (
          <Badge colorPalette="orange" variant="subtle" flexShrink={0} title="Waiting to sync">
            Waiting
          </Badge>
        ) : null}
      </Flex>
      <Text color="fg.muted" fontSize="sm" lineClamp={3} flex="1" wordBreak="break-word">
        {preview}
      </Text>
      {note.syncState === 'error' && note.syncError ? (
        <Text color="fg.error" fontSize="xs">
          {note.syncError}
        </Text>
      ) : null}
      {note.tags.length > 0 ? (
        <HStack gap="1" wrap="wrap">
          {tags.shown.map((tag) => (
            <Badge key={tag} variant="outline">
              {tag}
            </Badge>
          ))}
          {tags.rest > 0 ? <Badge variant="subtle">+{tags.rest}</Badge> : null}
        </HStack>
      ) : null}
      <Flex justify="space-between" align="center" pt="1">
        <Text fontSize="xs" color="fg.muted">
          {relativeTime(note.updatedAt, now)}
        </Text>
        <HStack gap="0">
          <IconButton
            aria-label="Study Mode"
            title="Study Mode"
            size="sm"
            variant="ghost"
            // A locked note is studied while it is readable here (its cards are sealed like its text).
            disabled={!props.canStudy || sealed}
            onClick={stop(props.onStudy)}
          >
            <StudyIcon />
          </IconButton>
          {/* An AI action: absent (not just disabled) when AI features are off. */}
          {props.canConvert && !sealed ? (
            <IconButton
              aria-label="Convert to Blog Post"
              title="Convert to Blog Post"
              size="sm"
              variant="ghost"
              disabled={converting}
              aria-busy={converting}
              onClick={stop(props.onConvert)}
            >
              {converting ? <Spinner size="xs" /> : <BlogIcon />}
            </IconButton>
          ) : null}
          <IconButton
            aria-label="Edit Note"
            title="Edit Note"
            size="sm"
            variant="ghost"
            onClick={stop(props.onEdit)}
          >
            <EditIcon />
          </IconButton>
          <IconButton
            aria-label="Delete Note"
            title="Delete Note"
            size="sm"
            variant="ghost"
            colorPalette="red"
            onClick={stop(props.onDelete)}
          >
            <TrashIcon />
          </IconButton>
        </HStack>
      </Flex>
    </Box>
  );
}, sameCardProps);
