// The list mode's body: the filters, the first sync's progress, an unsaved new note's draft card, and the
// notes themselves (the first page while all load, a placeholder grid, the empty state, or every note shown).
import { SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { NotesEmptyState as NotesEmptyKind } from '@private-notes/shared';
import { Suspense } from 'react';
import type { LocalNote } from '../../../db/types.ts';
import { describeFirstSync } from '../../../sync/sync-status.ts';
import type { NoteCardActions } from '../NoteCard.tsx';
import { NotesCollection } from '../NotesCollection.tsx';
import { NotesEmptyState } from '../NotesEmptyState.tsx';
import type { NotesFilterState } from '../notes-filter-state.ts';
import { NewNoteDraftCard } from './NewNoteDraftCard.tsx';
import { NotesFilters, preloadNoteParts } from './note-parts.ts';
import { useNewNoteDraft } from './use-new-note-draft.ts';
import type { NotesData } from './use-notes-data.ts';

export const LOADING_CARDS = 6;

interface Props {
  data: NotesData;
  /** The search the list reflects (it lags the input by design: useDeferredValue). */
  search: string;
  terms: readonly string[];
  shown: LocalNote[];
  emptyKind: NotesEmptyKind | null;
  filtersOpen: boolean;
  filters: NotesFilterState;
  filtersNarrow: boolean;
  tagOptions: string[];
  changeFilters(next: NotesFilterState): void;
  clearFilters(): void;
  showFirstSync: boolean;
  view: 'grid' | 'list';
  convertingId: string | null;
  canStudy: boolean;
  canConvert: boolean;
  now: number;
  actions: NoteCardActions;
  openNew(): void;
}

export function NotesListArea(props: Props) {
  const { data, view, actions } = props;
  const { notes, loadError, firstCards, listEmptyAwaitingSync } = data;
  const draft = useNewNoteDraft();
  const collection = (shown: LocalNote[], highlight?: readonly string[]) => (
    <NotesCollection
      notes={shown}
      highlight={highlight}
      view={view}
      convertingId={props.convertingId}
      canStudy={props.canStudy}
      canConvert={props.canConvert}
      now={props.now}
      {...actions}
    />
  );
  const shownFirstCards = firstCards && firstCards.length > 0 && !props.filtersNarrow ? firstCards : null;
  // How far loading has got: above the placeholder cards, but below cards already shown, so that the line going
  // away does not move them under a press (issue 35, point 6).
  const progress = props.showFirstSync ? (
    <Text role="status" aria-live="polite" color="fg.muted" data-testid="first-sync-progress">
      {describeFirstSync(data.syncStatus.firstSync ?? data.lastProgress)}
    </Text>
  ) : null;
  // A device whose first sync could not finish: nothing is loading now, so no placeholder cards, but the notes
  // are on the server and come with the connection.
  const stalled = data.firstSyncStalled ? (
    <Text role="status" color="fg.muted" data-testid="first-sync-stalled">
      {data.syncStatus.kind === 'offline'
        ? 'Your notes are not on this device yet. They will load when it is back online.'
        : 'Your notes are not on this device yet. They will load once the server can be reached.'}
    </Text>
  ) : null;
  const above = progress ?? stalled;
  return (
    // Pointing at or focusing a card loads what its actions open.
    <Stack gap="4" data-search={props.search} onPointerOver={preloadNoteParts} onFocus={preloadNoteParts}>
      {props.filtersOpen ? (
        <Suspense fallback={null}>
          <NotesFilters
            filters={props.filters}
            tagOptions={props.tagOptions}
            onChange={props.changeFilters}
          />
        </Suspense>
      ) : null}
      {shownFirstCards ? null : above}
      {draft ? <NewNoteDraftCard draft={draft} onOpen={props.openNew} /> : null}
      {/* One slot for the first cards and the full list: the same collection, whose cards stay mounted. */}
      {shownFirstCards ? (
        collection(shownFirstCards)
      ) : loadError ? (
        <Text color="fg.error" role="alert" py="8" textAlign="center" data-testid="notes-error">
          {loadError}
        </Text>
      ) : (!notes || listEmptyAwaitingSync) && data.firstSyncStalled ? null : !notes ||
        listEmptyAwaitingSync ? (
        <SimpleGrid
          columns={view === 'list' ? 1 : { base: 1, md: 2, lg: 3 }}
          gap="4"
          data-testid="notes-loading"
        >
          {Array.from({ length: LOADING_CARDS }, (_, index) => (
            <Skeleton key={index} height="200px" borderRadius="lg" />
          ))}
        </SimpleGrid>
      ) : props.emptyKind ? (
        <NotesEmptyState
          kind={props.emptyKind}
          search={props.search}
          tags={props.filters.tags}
          onCreate={props.openNew}
          onViewAll={props.clearFilters}
        />
      ) : (
        collection(props.shown, props.terms)
      )}
      {shownFirstCards ? above : null}
    </Stack>
  );
}
