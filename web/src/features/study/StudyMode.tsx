// Study mode: a full-screen overlay (focus kept inside, Escape closes) with the Read, Key Points and Flashcards
// tabs, a timer counting up as m:ss, a fullscreen toggle and the note's 'due today' count. Flashcards and key
// points come from the browser's database; generating them (an AI button, hidden when AI features are off)
// stores a new set there (keeping the owner's own cards), so the session works the same with no connection;
// Add card writes one by hand. Cards sync to the owner's other devices.
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
  Tabs,
  Text,
} from '@chakra-ui/react';
import { attachmentHashes, formatElapsed } from '@private-notes/shared';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { db } from '../../db/db.ts';
import { isSealedNote } from '../../db/locked-note-codec.ts';
import type { LocalNote } from '../../db/types.ts';
import { syncEngine } from '../../sync/app-sync.ts';
import { toast } from '../../ui/toast-store.ts';
import { aiErrorToast } from '../ai/ai-error-toast.ts';
import { useAiEnabled } from '../ai/use-ai-enabled.ts';
import { MarkdownView } from '../notes/MarkdownView.tsx';
import { ExpandIcon, ShrinkIcon } from '../notes/note-icons.tsx';
import { useRevealedNote } from '../notes/use-revealed-notes.ts';
import { CardDialog } from './CardDialog.tsx';
import { countDueToday, isDueToday, replayCard, reviewsByCard } from './card-schedule.ts';
import { FlashcardsPanel } from './FlashcardsPanel.tsx';
import { KeyPointsPanel } from './KeyPointsPanel.tsx';
import { orderCards } from './order-cards.ts';
import { startReviewSync } from './review-sync-app.ts';
import { createFlashcards, createKeyPoints } from './study-material.ts';
import { useFullscreen } from './use-fullscreen.ts';
import { useRevealedCards } from './use-revealed-cards.ts';
import { useStudyTimer } from './use-study-timer.ts';

type StudyTab = 'read' | 'keypoints' | 'flashcards';

interface Props {
  /** The note's client id, or null when study mode is closed. */
  noteId: string | null;
  onClose(): void;
}

export function StudyMode({ noteId, onClose }: Props) {
  const open = noteId !== null;
  const ai = useAiEnabled();
  const [tab, setTab] = useState<StudyTab>('read');
  const [busy, setBusy] = useState<'flashcards' | 'keypoints' | null>(null);
  const [adding, setAdding] = useState(false);
  const seconds = useStudyTimer(open);
  const fullscreen = useFullscreen();

  const storedNote = useLiveQuery(
    async () => (noteId ? ((await db.notes.get(noteId)) ?? null) : null),
    [noteId],
  );
  // A locked note and its cards are read decrypted in memory; while the vault is locked there is nothing to show.
  const revealed = useRevealedNote(storedNote);
  const note = revealed && isSealedNote(revealed) ? null : revealed;
  // Eagerly, whatever tab is open: the files must be here before the connection goes, so studying works offline.
  const content = note?.content ?? '';
  useEffect(() => {
    const hashes = attachmentHashes(content);
    if (hashes.length > 0) void syncEngine.fetchAttachments(hashes);
  }, [content]);
  const cards = useRevealedCards(
    storedNote,
    'flashcard',
    useLiveQuery(
      async () => (noteId ? await db.flashcards.where('noteId').equals(noteId).toArray() : []),
      [noteId],
    ),
  );
  const points = useRevealedCards(
    storedNote,
    'keyPoint',
    useLiveQuery(
      async () => (noteId ? await db.keyPoints.where('noteId').equals(noteId).sortBy('id') : []),
      [noteId],
    ),
  );
  const reviews = useLiveQuery(
    async () => (noteId ? await db.reviews.where('noteId').equals(noteId).toArray() : []),
    [noteId],
  );

  const ordered = useMemo(() => (cards && note ? orderCards(cards, note.content) : []), [cards, note]);
  // 'Due cards only' studies the cards due when it was turned on: a card graded meanwhile stays in the round
  // (so Next and Previous keep their places) until the toggle is pressed again.
  const [dueOnly, setDueOnly] = useState<ReadonlySet<string> | null>(null);
  const studied = useMemo(
    () => (dueOnly ? ordered.filter((card) => dueOnly.has(card.id)) : ordered),
    [ordered, dueOnly],
  );
  const toggleDueOnly = () => {
    if (dueOnly) return setDueOnly(null);
    const byCard = reviewsByCard(reviews ?? []);
    const now = new Date();
    setDueOnly(
      new Set(
        ordered
          .filter((card) => !card.suspended && isDueToday(replayCard(byCard.get(card.id) ?? []), now))
          .map((c) => c.id),
      ),
    );
  };

  useEffect(() => {
    if (!open) return;
    setTab('read');
    setDueOnly(null);
    startReviewSync();
  }, [open]);

  const close = () => {
    fullscreen.exit();
    onClose();
  };

  const generateCards = async (target: LocalNote) => {
    setBusy('flashcards');
    try {
      const made = await createFlashcards(target);
      toast({
        title: 'Flashcards generated',
        description: `Created ${made.length} flashcards from your note`,
      });
    } catch (error) {
      toast(aiErrorToast('generateFlashcards', error));
    } finally {
      setBusy(null);
    }
  };
  const generatePoints = async (target: LocalNote) => {
    setBusy('keypoints');
    try {
      const made = await createKeyPoints(target);
      toast({
        title: 'Key points extracted',
        description: `Extracted ${made.length} key points from your note`,
      });
    } catch (error) {
      toast(aiErrorToast('keyInsights', error));
    } finally {
      setBusy(null);
    }
  };

  const now = new Date();
  const dueToday =
    cards && reviews
      ? countDueToday(
          cards.filter((c) => !c.suspended).map((c) => c.id),
          reviewsByCard(reviews),
          now,
        )
      : 0;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => {
        if (!event.open) close();
      }}
      size="full"
      motionPreset="none"
      // Not modal in the aria-hidden sense, so the toasts (outside the dialog) are still announced; focus stays
      // trapped inside and the page behind does not scroll, as with a modal.
      modal={false}
      trapFocus
      preventScroll
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="study-mode">
            <Dialog.Header borderBottomWidth="1px">
              <Flex justify="space-between" align="center" gap="3" w="full" wrap="wrap">
                <Stack gap="0" minW="0">
                  <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                    Study Mode
                  </Text>
                  <Dialog.Title wordBreak="break-word">{note?.title ?? ''}</Dialog.Title>
                </Stack>
                <HStack gap="2" wrap="wrap">
                  <Badge colorPalette="blue" variant="subtle" data-testid="note-due-today">
                    {dueToday} due today
                  </Badge>
                  {noteId && (
                    <Button asChild size="xs" variant="outline">
                      <Link to="/study/stats" search={{ note: noteId }} onClick={() => fullscreen.exit()}>
                        Statistics
                      </Link>
                    </Button>
                  )}
                  <Text
                    fontFamily="mono"
                    fontSize="lg"
                    aria-label="Study time"
                    role="timer"
                    data-testid="study-timer"
                  >
                    {formatElapsed(seconds)}
                  </Text>
                  <IconButton
                    aria-label={fullscreen.isFullscreen ? 'Exit fullscreen' : 'Enter fullscreen'}
                    title={fullscreen.isFullscreen ? 'Exit fullscreen' : 'Enter fullscreen'}
                    size="sm"
                    variant="ghost"
                    onClick={fullscreen.toggle}
                  >
                    {fullscreen.isFullscreen ? <ShrinkIcon /> : <ExpandIcon />}
                  </IconButton>
                  <Dialog.CloseTrigger asChild position="static">
                    <CloseButton size="sm" aria-label="Close study mode" />
                  </Dialog.CloseTrigger>
                </HStack>
              </Flex>
            </Dialog.Header>
            <Dialog.Body>
              {note ? (
                <Tabs.Root
                  value={tab}
                  onValueChange={(event) => setTab(event.value as StudyTab)}
                  variant="line"
                  lazyMount
                >
                  <Tabs.List>
                    <Tabs.Trigger value="read">Read</Tabs.Trigger>
                    <Tabs.Trigger value="keypoints">Key Points</Tabs.Trigger>
                    <Tabs.Trigger value="flashcards">Flashcards</Tabs.Trigger>
                  </Tabs.List>
                  <Tabs.Content value="read">
                    <Box maxW="3xl" mx="auto">
                      <MarkdownView markdown={note.content} />
                    </Box>
                  </Tabs.Content>
                  <Tabs.Content value="keypoints">
                    <Stack gap="4" maxW="3xl" mx="auto">
                      {ai ? (
                        <Button
                          alignSelf="start"
                          colorPalette="blue"
                          variant={points && points.length > 0 ? 'outline' : 'solid'}
                          loading={busy === 'keypoints'}
                          disabled={busy !== null}
                          onClick={() => void generatePoints(note)}
                        >
                          Extract Key Points
                        </Button>
                      ) : null}
                      <KeyPointsPanel points={points ?? []} noteId={note.id} />
                    </Stack>
                  </Tabs.Content>
                  <Tabs.Content value="flashcards">
                    <Stack gap="4">
                      <HStack justify="center" gap="2" wrap="wrap">
                        {ai ? (
                          <Button
                            colorPalette="blue"
                            variant={ordered.length > 0 ? 'outline' : 'solid'}
                            loading={busy === 'flashcards'}
                            disabled={busy !== null}
                            onClick={() => void generateCards(note)}
                          >
                            Generate Flashcards
                          </Button>
                        ) : null}
                        <Button variant="outline" onClick={() => setAdding(true)}>
                          Add card
                        </Button>
                      </HStack>
                      <CardDialog
                        target={adding ? { mode: 'add', noteId: note.id } : null}
                        onClose={() => setAdding(false)}
                      />
                      {ordered.length > 0 ? (
                        <HStack justify="center">
                          <Button
                            size="xs"
                            variant={dueOnly ? 'subtle' : 'ghost'}
                            aria-pressed={dueOnly !== null}
                            onClick={toggleDueOnly}
                          >
                            Due cards only
                          </Button>
                        </HStack>
                      ) : null}
                      {studied.length > 0 ? (
                        <FlashcardsPanel
                          key={`${note.id}-${dueOnly ? 'due' : 'all'}`}
                          noteId={note.id}
                          cards={studied}
                          reviews={reviews ?? []}
                        />
                      ) : (
                        <Text color="fg.muted" textAlign="center">
                          {ordered.length > 0 ? 'No cards due today.' : 'No flashcards yet.'}
                        </Text>
                      )}
                    </Stack>
                  </Tabs.Content>
                </Tabs.Root>
              ) : storedNote ? (
                <Text color="fg.muted" role="status">
                  This note is locked: unlock your locked notes to study it.
                </Text>
              ) : null}
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
