// Statistics (/study/stats): reviews per day, true retention and the cards coming due, in total with a row per
// note, or for one note; and which FSRS parameters schedule the cards. Everything is read from the browser's
// database, so the screen works offline and follows new reviews as they are made or synced.
import { Box, Button, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { db } from '../../db/db.ts';
import { OwnerPage } from '../../ui/private/OwnerPage.tsx';
import { DayBars } from './DayBars.tsx';
import { FIT_MIN_REVIEWS } from './fsrs-fit.ts';
import { readParameters, type StoredParameters } from './fsrs-parameters.ts';
import { loadStudyStats } from './load-study-stats.ts';
import { startReviewSync } from './review-sync-app.ts';
import { formatRetention, type Retention, type RetentionTable, type StudyStats } from './study-stats.ts';

export function StudyStatistics({ noteId }: { noteId?: string | undefined }) {
  useEffect(() => startReviewSync(), []);
  const view = useLiveQuery(() => loadStudyStats(db, new Date(), noteId), [noteId]);
  const note = useLiveQuery(async () => (noteId ? ((await db.notes.get(noteId)) ?? null) : null), [noteId]);
  const parameters = useLiveQuery(
    async () => ({ stored: await readParameters(db), reviews: await db.reviews.count() }),
    [],
  );
  const title = noteId ? `Statistics: ${note?.title || 'Untitled note'}` : 'Statistics';

  return (
    <OwnerPage>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="6">
        <Heading as="h1" size="lg" minW="0" wordBreak="break-word">
          {title}
        </Heading>
        <HStack gap="2" wrap="wrap">
          {noteId && (
            <Button asChild variant="outline" size="sm">
              <Link to="/study/stats">All notes</Link>
            </Button>
          )}
          <Button asChild variant="outline" size="sm">
            <Link to="/study">Study due cards</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/notes">Back to notes</Link>
          </Button>
        </HStack>
      </Flex>
      {!view ? (
        <Text color="fg.muted">Loading statistics…</Text>
      ) : view.total.cards === 0 ? (
        <Text>No flashcards yet. Generate them in a note's study mode; their statistics appear here.</Text>
      ) : (
        <Stack gap="8">
          <HStack as="dl" gap="6" wrap="wrap" data-testid="stats-summary">
            <Figure label="Cards" value={view.total.cards} />
            <Figure label="New" value={view.total.newCards} />
            <Figure label="Reviews" value={view.total.reviews} />
            <Figure label="Due today" value={dueToday(view.total)} />
          </HStack>
          <Section title="Reviews per day">
            <DayBars
              title="Reviews per day"
              days={view.total.reviewsPerDay}
              unit="reviews"
              color="blue.500"
              testId="reviews-per-day"
            />
          </Section>
          <Section title="True retention">
            <RetentionTables month={view.total.retention.month} allTime={view.total.retention.allTime} />
          </Section>
          <Section title="Cards due, next 30 days">
            <DayBars
              title="Cards due per day"
              days={view.total.dueForecast}
              unit="cards due"
              color="green.500"
              testId="due-forecast"
            />
            {view.total.newCards > 0 && (
              <Text fontSize="sm" color="fg.muted" mt="2">
                {view.total.newCards} new {view.total.newCards === 1 ? 'card has' : 'cards have'} no due date
                yet: new cards join the review session each day.
              </Text>
            )}
          </Section>
          {!noteId && <NotesTable notes={view.notes} />}
          <Section title="Scheduling">
            <ParametersText stored={parameters?.stored ?? null} reviews={parameters?.reviews ?? 0} />
          </Section>
        </Stack>
      )}
    </OwnerPage>
  );
}

/** As the due badges count it: cards due by tonight, new cards included. */
const dueToday = (stats: StudyStats) => (stats.dueForecast[0]?.count ?? 0) + stats.newCards;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" aria-label={title} minW="0">
      <Heading as="h2" size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap="0">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text
        as="dd"
        fontSize="2xl"
        fontWeight="semibold"
        data-testid={`stat-${label.toLowerCase().replace(/ /g, '-')}`}
      >
        {value}
      </Text>
    </Stack>
  );
}

const cell = (r: Retention) => (r.total === 0 ? '—' : `${formatRetention(r)} (${r.passed} of ${r.total})`);

function RetentionTables({ month, allTime }: { month: RetentionTable; allTime: RetentionTable }) {
  const rows: Array<{ label: string; key: keyof RetentionTable }> = [
    { label: 'Young (interval under 21 days)', key: 'young' },
    { label: 'Mature (21 days or more)', key: 'mature' },
    { label: 'All reviews', key: 'all' },
  ];
  return (
    <Box minW="0">
      <Table.Root size="sm" data-testid="retention" maxW="xl">
        <Table.Caption textAlign="start" captionSide="bottom" color="fg.muted" fontSize="xs">
          Share of reviews passed (Hard, Good or Easy) among cards in review; learning steps are not counted.
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Cards</Table.ColumnHeader>
            <Table.ColumnHeader>Last 30 days</Table.ColumnHeader>
            <Table.ColumnHeader>All time</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map(({ label, key }) => (
            <Table.Row key={key}>
              <Table.Cell as="th" scope="row" fontWeight="normal">
                {label}
              </Table.Cell>
              <Table.Cell>{cell(month[key])}</Table.Cell>
              <Table.Cell>{cell(allTime[key])}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function NotesTable({ notes }: { notes: Awaited<ReturnType<typeof loadStudyStats>>['notes'] }) {
  return (
    <Section title="By note">
      <Box overflowX="auto" minW="0">
        <Table.Root size="sm" data-testid="stats-by-note">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Note</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Cards</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Due today</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Reviews, 30 days</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Retention, 30 days</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {notes.map(({ noteId, title, stats }) => (
              <Table.Row key={noteId}>
                <Table.Cell as="th" scope="row" wordBreak="break-word" fontWeight="normal">
                  <Link to="/study/stats" search={{ note: noteId }} style={{ textDecoration: 'underline' }}>
                    {title || 'Untitled note'}
                  </Link>
                </Table.Cell>
                <Table.Cell textAlign="end">{stats.cards}</Table.Cell>
                <Table.Cell textAlign="end">{dueToday(stats)}</Table.Cell>
                <Table.Cell textAlign="end">
                  {stats.reviewsPerDay.reduce((sum, d) => sum + d.count, 0)}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatRetention(stats.retention.month.all)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Section>
  );
}

function ParametersText({ stored, reviews }: { stored: StoredParameters | null; reviews: number }) {
  const when = stored ? new Date(stored.fittedAt).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '';
  if (stored?.w) {
    return (
      <Text data-testid="fsrs-parameters">
        FSRS parameters fitted to your {stored.reviews.toLocaleString('en-US')} reviews on {when} (log-loss{' '}
        {stored.logLoss.toFixed(3)}, against {stored.defaultLogLoss.toFixed(3)} with the defaults). They are
        fitted again at most once a day.
      </Text>
    );
  }
  if (stored) {
    return (
      <Text data-testid="fsrs-parameters">
        Default FSRS parameters: the fit to your {stored.reviews.toLocaleString('en-US')} reviews on {when}{' '}
        did not predict them better. It is tried again after a day.
      </Text>
    );
  }
  return (
    <Text data-testid="fsrs-parameters">
      Default FSRS parameters. Parameters fitted to your own reviews take over once there are{' '}
      {FIT_MIN_REVIEWS.toLocaleString('en-US')} reviews ({reviews.toLocaleString('en-US')} so far).
    </Text>
  );
}
