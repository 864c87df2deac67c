// The note viewer dialog: rendered note with edit, expand and close buttons, metadata, and a contents sidebar
// when the note has headings. Edit closes it and opens the editor; Study Mode closes it. A note deleted in
// another tab or on another device while open stays on screen with a notice (DeletedElsewhereNotice): Keep a
// copy or Close.
import {
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Flex,
  HStack,
  IconButton,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { countWords, formatLongDate, hasHeading, noteHeadings, readingTime } from '@private-notes/shared';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import type { LocalNote } from '../../db/types.ts';
import { LinkedFrom } from '../links/LinkedFrom.tsx';
import { ConflictBanner } from './conflicts/ConflictBanner.tsx';
import { DeletedElsewhereNotice } from './DeletedElsewhereNotice.tsx';
import { MarkdownView } from './MarkdownView.tsx';
import { EditIcon, ExpandIcon, ShrinkIcon, StudyIcon } from './note-icons.tsx';
import { useTaskToggle } from './use-task-toggle.ts';

// History (and its diff library) loads when first opened, not with the notes screen.
const NoteHistory = lazy(() => import('./history/NoteHistory.tsx').then((m) => ({ default: m.NoteHistory })));

interface Props {
  note: LocalNote | null;
  onClose(): void;
  onEdit(note: LocalNote): void;
  onStudy(note: LocalNote): void;
  canStudy: boolean;
  /** Opens the compare view of a conflict this note (or copy) is part of. */
  onCompare(copyId: string): void;
  /** `note` was deleted elsewhere while open: it is the last version shown. */
  deletedElsewhere?: boolean;
  /** Saves the shown text of a note deleted elsewhere as a new note. */
  onKeepCopy?(): void;
  /** Lock note / Unlock note (the vault feature). */
  lockSlot?: ((note: LocalNote) => ReactNode) | undefined;
}

export function NoteViewer({
  note,
  onClose,
  onEdit,
  onStudy,
  canStudy,
  onCompare,
  deletedElsewhere = false,
  onKeepCopy,
  lockSlot,
}: Props) {
  const [expanded, setExpanded] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const toggleTask = useTaskToggle(note);
  const headings = useMemo(
    () => (note && hasHeading(note.content) ? noteHeadings(note.content) : []),
    [note],
  );
  return (
    <Dialog.Root
      open={note !== null}
      onOpenChange={(event) => {
        if (!event.open) {
          setShowHistory(false);
          onClose();
        }
      }}
      size={expanded ? 'full' : 'xl'}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="note-viewer">
            {note ? (
              <>
                <Dialog.Header>
                  {/* On a phone the buttons move below the title rather than squeezing it; the title wraps
                      between words and splits only a word longer than the whole line. */}
                  <Flex justify="space-between" align="start" gap="2" w="full" wrap="wrap">
                    <Dialog.Title flex="1 1 12rem" minW="0" overflowWrap="break-word">
                      {note.title}
                    </Dialog.Title>
                    <HStack gap="1" flexShrink={0} ml="auto" wrap="wrap">
                      {deletedElsewhere ? null : (
                        <>
                          {lockSlot?.(note)}
                          <Button
                            size="sm"
                            variant={showHistory ? 'subtle' : 'ghost'}
                            aria-pressed={showHistory}
                            onClick={() => setShowHistory((value) => !value)}
                          >
                            History
                          </Button>
                          <IconButton
                            aria-label="Study Mode"
                            title="Study Mode"
                            size="sm"
                            variant="ghost"
                            disabled={!canStudy}
                            onClick={() => onStudy(note)}
                          >
                            <StudyIcon />
                          </IconButton>
                          <IconButton
                            aria-label="Edit Note"
                            title="Edit Note"
                            size="sm"
                            variant="ghost"
                            onClick={() => onEdit(note)}
                          >
                            <EditIcon />
                          </IconButton>
                        </>
                      )}
                      <IconButton
                        aria-label={expanded ? 'Collapse' : 'Expand'}
                        title={expanded ? 'Collapse' : 'Expand'}
                        size="sm"
                        variant="ghost"
                        onClick={() => setExpanded((value) => !value)}
                      >
                        {expanded ? <ShrinkIcon /> : <ExpandIcon />}
                      </IconButton>
                      <Dialog.CloseTrigger asChild position="static">
                        <CloseButton size="sm" aria-label="Close" />
                      </Dialog.CloseTrigger>
                    </HStack>
                  </Flex>
                </Dialog.Header>
                <Dialog.Body>
                  {deletedElsewhere ? (
                    <DeletedElsewhereNotice onKeepCopy={() => onKeepCopy?.()} onClose={onClose} />
                  ) : (
                    <ConflictBanner noteId={note.id} onCompare={onCompare} />
                  )}
                  {showHistory && !deletedElsewhere ? (
                    <Suspense fallback={<Text color="fg.muted">Loading history…</Text>}>
                      <NoteHistory note={note} onRestored={() => setShowHistory(false)} />
                    </Suspense>
                  ) : (
                    <>
                      <Stack gap="1" mb="4" fontSize="sm" color="fg.muted" data-testid="note-metadata">
                        <Text>Created {formatLongDate(note.createdAt)}</Text>
                        <Text>Updated {formatLongDate(note.updatedAt)}</Text>
                        <Text>
                          {countWords(note.content)} words · {readingTime(note.content)} min read
                        </Text>
                        {note.tags.length > 0 ? (
                          <HStack gap="1" wrap="wrap">
                            {note.tags.map((tag) => (
                              <Badge key={tag} variant="outline">
                                {tag}
                              </Badge>
                            ))}
                          </HStack>
                        ) : null}
                      </Stack>
                      <Flex
                        gap="6"
                        direction={{ base: 'column', md: 'row' }}
                        // Stretched in a column: a start-aligned child is as wide as its longest word or table.
                        align={{ base: 'stretch', md: 'start' }}
                      >
                        {headings.length > 0 ? (
                          <Box
                            as="nav"
                            aria-label="Contents"
                            flexShrink={0}
                            w={{ base: 'full', md: '200px' }}
                            position={{ md: 'sticky' }}
                            top="0"
                            data-testid="note-contents"
                            overflowWrap="anywhere"
                          >
                            <Text fontWeight="semibold" mb="2">
                              Contents
                            </Text>
                            <Stack as="ul" gap="1" fontSize="sm">
                              {headings.map((heading) => (
                                <li key={heading.id} style={{ paddingLeft: `${(heading.level - 1) * 12}px` }}>
                                  <a
                                    href={`#${heading.id}`}
                                    onClick={(event) => {
                                      event.preventDefault();
                                      document
                                        .getElementById(heading.id)
                                        ?.scrollIntoView({ behavior: 'smooth' });
                                    }}
                                  >
                                    {heading.text}
                                  </a>
                                </li>
                              ))}
                            </Stack>
                          </Box>
                        ) : null}
                        <Box flex="1" minW="0">
                          <MarkdownView
                            markdown={note.content}
                            onToggleTask={deletedElsewhere ? undefined : toggleTask}
                          />
                          {deletedElsewhere ? null : <LinkedFrom note={note} />}
                        </Box>
                      </Flex>
                    </>
                  )}
                </Dialog.Body>
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
