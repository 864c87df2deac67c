// The review session (/study): every card due across notes, then today's new cards (see session-queue.ts), one
// at a time with its note's title and a link back to it; graded by buttons, keys 1–4 or a tap; the last grade
// can be undone. Everything is read from and written to the browser's database, so it works offline; reviews
// sync as they always do. The card being studied can be edited, suspended or deleted (CardActions); a suspended
// or deleted card leaves the session. At the end, a summary: cards reviewed, the count of each grade and the time taken.
import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { formatElapsed } from '@private-notes/shared';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { db } from '../../db/db.ts';
import { revealCard } from '../../db/locked-note-codec.ts';
import { loadAppSync } from '../../sync/load-app-sync.ts';
import { useOnline } from '../../ui/use-online.ts';
import { loadVaultRuntimeIfSetUp } from '../../vault/vault-status.ts';
import { useLockedNoteCodecGeneration } from '../notes/use-revealed-notes.ts';
import { CardActions } from './CardActions.tsx';
import { cardFaces } from './CardFaces.tsx';
import { GRADES, type Grade, gradePreview, replayCard } from './card-schedule.ts';
import { releaseHeldReview } from './record-review.ts';
import { startReviewSync } from './review-sync-app.ts';
import { StudyCard } from './StudyCard.tsx';
import { loadSession, NEW_CARDS_PER_DAY, type SessionCard } from './session-queue.ts';
import { useGradeKeys } from './use-grade-keys.ts';
import { useStudyReady } from './use-study-ready.ts';
import { useUndoableGrade } from './use-undoable-grade.ts';

interface Graded {
  rating: Grade;
  index: number;
}

const UnlockDialog = lazy(() => import('../vault/UnlockDialog.tsx'));

// The tab strip's height on phones (Frame.module.css), so the grade bar sits just above it.
const PHONE_TABS = 'calc(4rem + env(safe-area-inset-bottom))';

export function ReviewSession() {
  const [queue, setQueue] = useState<SessionCard[] | null>(null);
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [graded, setGraded] = useState<Graded[]>([]);
  const grader = useUndoableGrade<number>();
  const { grading } = grader;
  const [startedAt] = useState(() => Date.now());
  const [finishedAt, setFinishedAt] = useState<number | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [waiting, setWaiting] = useState(0);
  const [unlocking, setUnlocking] = useState(false);

  const readiness = useStudyReady();
  const online = useOnline();
  // Cards of locked notes are studied only while the vault is unlocked: a lock or an unlock builds the queue again.
  const generation = useLockedNoteCodecGeneration();
  useEffect(() => {
    void loadVaultRuntimeIfSetUp().catch(() => {});
  }, []);
  // While nothing is due, cards or notes arriving build the queue again: the rest of a first sync (this
  // screen is ready after the first page of each feed, and a card whose note is not here yet cannot be
  // studied), or cards another device made. A session under way keeps its queue.
  const arrivals = useLiveQuery(async () => `${await db.flashcards.count()}:${await db.notes.count()}`, []);
  const [reloads, setReloads] = useState(0);
  /** What `arrivals` said when the queue was last built. */
  const builtFrom = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (queue !== null && queue.length === 0 && arrivals !== builtFrom.current) setReloads((n) => n + 1);
  }, [arrivals, queue]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation moves on every lock and unlock, reloads when cards or notes arrive while nothing is due
  useEffect(() => {
    if (readiness !== 'ready') return;
    let live = true;
    builtFrom.current = arrivals;
    void loadSession(db, new Date()).then((session) => {
      if (!live) return;
      setQueue(session.cards);
      setWaiting(session.waiting);
      setIndex(0);
      setFlipped(false);
      setFinishedAt(null);
    });
    return () => {
      live = false;
    };
  }, [readiness, generation, reloads]);

  useEffect(() => {
    startReviewSync();
    // The session's cards need their notes: the notes sync runs here too, not only from My Notes.
    void loadAppSync()
      .then(({ startSync }) => startSync())
      .catch(() => {});
    // Leaving the screen (or the tab going to the background) lets the undoable grade go to the server.
    const onHidden = () => {
      if (document.visibilityState === 'hidden') releaseHeldReview();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, []);

  const current = queue && index < queue.length ? queue[index] : undefined;
  const reviews = useLiveQuery(
    async () => (current ? await db.reviews.where('cardId').equals(current.card.id).toArray() : []),
    [current?.card.id],
  );
  const preview = flipped && current && reviews ? gradePreview(replayCard(reviews), new Date()) : null;
  // The card as stored now (the queue was built when the session started): an edit shows at once.
  const storedRow = useLiveQuery(
    async () => (current ? ((await db.flashcards.get(current.card.id)) ?? null) : null),
    [current?.card.id],
  );
  const storedNote = useLiveQuery(
    async () => (current ? await db.notes.get(current.noteId) : undefined),
    [current?.noteId],
  );
  const stored = storedRow ? revealCard(storedNote, 'flashcard', storedRow) : storedRow;
  const shown = stored ?? current?.card;

  /** Suspended or deleted: the card leaves the session without a grade. */
  const skip = () => {
    setFlipped(false);
    setIndex(index + 1);
    if (queue && index + 1 >= queue.length) setFinishedAt(Date.now());
  };

  const grade = async (rating: Grade) => {
    if (!current) return;
    if (!(await grader.grade({ cardId: current.card.id, noteId: current.noteId, rating }, index))) return;
    setGraded((list) => [...list, { rating, index }]);
    setFlipped(false);
    setIndex(index + 1);
    if (queue && index + 1 >= queue.length) setFinishedAt(Date.now());
  };

  const undo = async () => {
    const back = await grader.undo();
    if (back === null) return;
    setGraded((list) => list.slice(0, -1));
    setIndex(back);
    setFlipped(false);
    setFinishedAt(null);
  };

  useGradeKeys({
    enabled: queue !== null && !dialogOpen,
    flipped: current ? flipped : true,
    onShow: () => setFlipped(true),
    onGrade: (rating) => void grade(rating),
    onUndo: () => void undo(),
  });

  const undoButton = grader.canUndo ? (
    <Button variant="ghost" size="sm" onClick={() => void undo()} disabled={grading} aria-keyshortcuts="u">
      Undo last grade
    </Button>
  ) : null;

  return (
    <Box maxW="2xl" mx="auto" w="full" px={{ base: '4', md: '6' }} py="6">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="4">
        <Heading as="h1" size="lg">
          Study due cards
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button asChild variant="outline" size="sm">
            <Link to="/study/stats">Statistics</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/notes">Back to notes</Link>
          </Button>
        </HStack>
      </Flex>
      {online ? null : (
        <Text role="status" fontSize="sm" color="fg.muted" mb="4" data-testid="study-offline">
          Offline: your grades are saved on this device and sync when you are back online.
        </Text>
      )}
      {waiting > 0 ? (
        <Flex role="status" align="center" gap="3" wrap="wrap" mb="4" fontSize="sm" color="fg.muted">
          <Text>
            {waiting === 1
              ? '1 card of a locked note is waiting: unlock to study it.'
              : `${waiting} cards of locked notes are waiting: unlock to study them.`}
          </Text>
          <Button size="xs" variant="outline" onClick={() => setUnlocking(true)}>
            Unlock
          </Button>
        </Flex>
      ) : null}
      {unlocking ? (
        <Suspense fallback={null}>
          <UnlockDialog onClose={() => setUnlocking(false)} onUnlocked={() => setUnlocking(false)} />
        </Suspense>
      ) : null}
      {queue === null ? (
        <Text color="fg.muted" role="status">
          {readiness === 'first-sync'
            ? 'Bringing your flashcards to this device… The session starts as soon as they are here.'
            : 'Loading cards…'}
        </Text>
      ) : current ? (
        <Stack gap="4">
          <Flex justify="space-between" align="center" gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
            <Text data-testid="session-position">
              Card {index + 1} of {queue.length}
              {current.isNew ? ' · new' : ''}
            </Text>
            {undoButton}
          </Flex>
          <Text fontSize="sm" minW="0" wordBreak="break-word">
            From{' '}
            <Link to="/notes" search={{ open: current.noteId }} style={{ textDecoration: 'underline' }}>
              {current.noteTitle || 'Untitled note'}
            </Link>
          </Text>
          {stored ? <CardActions card={stored} onRemoved={skip} onDialogChange={setDialogOpen} /> : null}
          <StudyCard
            {...cardFaces(shown ?? current.card)}
            flipped={flipped}
            onFlip={() => setFlipped((f) => !f)}
            preview={preview}
            onGrade={(rating) => void grade(rating)}
            grading={grading}
            phoneBottom={PHONE_TABS}
          />
        </Stack>
      ) : graded.length === 0 ? (
        <Stack gap="2">
          <Text>No cards are due right now.</Text>
          <Text fontSize="sm" color="fg.muted">
            Generate flashcards in a note's study mode; new cards join the session, {NEW_CARDS_PER_DAY} a day.
          </Text>
        </Stack>
      ) : (
        <SessionSummary
          graded={graded}
          seconds={((finishedAt ?? Date.now()) - startedAt) / 1000}
          undo={undoButton}
        />
      )}
    </Box>
  );
}

function SessionSummary({
  graded,
  seconds,
  undo,
}: {
  graded: Graded[];
  seconds: number;
  undo: React.ReactNode;
}) {
  return (
    <Stack gap="4" role="region" aria-label="Session summary">
      <Heading as="h2" size="md" role="status">
        Session complete
      </Heading>
      <Text>
        Cards reviewed: <strong>{graded.length}</strong>
      </Text>
      <HStack as="dl" gap="4" wrap="wrap">
        {GRADES.map(({ rating, label }) => (
          <Stack key={rating} gap="0" align="center" minW="16">
            <Text as="dt" fontSize="sm" color="fg.muted">
              {label}
            </Text>
            <Text as="dd" fontSize="xl" fontWeight="semibold" data-testid={`summary-${label.toLowerCase()}`}>
              {graded.filter((g) => g.rating === rating).length}
            </Text>
          </Stack>
        ))}
      </HStack>
      <Text>
        Time: <span data-testid="summary-time">{formatElapsed(seconds)}</span>
      </Text>
      <HStack gap="2" wrap="wrap">
        {undo}
        <Button asChild colorPalette="blue">
          <Link to="/notes">Back to notes</Link>
        </Button>
      </HStack>
    </Stack>
  );
}
