// The notes screen (/notes, and / when signed in): heading, count, view toggle, filters, the virtualised notes,
// the viewer, the delete confirmation and the editor. Everything reads the local database (never the network);
// the sync status stays visible. Study mode and blog conversion are plugged in by their features via props.
import { Button, Flex, HStack, IconButton, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { noteCountLabel, notesEmptyState, notesFiltersActive, tagOptions } from '@private-notes/shared';
import { Link as RouterLink, useNavigate, useSearch } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { db } from '../../db/db.ts';
import { lastOpenEditorDraft, pruneOrphanEditorDrafts } from '../../db/draft-store.ts';
import { deleteNote } from '../../db/notes-store.ts';
import { restoreFromTrash } from '../../db/trash-store.ts';
import type { LocalNote } from '../../db/types.ts';
import { earlyFeedAnswer } from '../../sync/early-feed.ts';
import { appSyncLoaded, loadAppSync } from '../../sync/load-app-sync.ts';
import { type PullProgress, readCursor } from '../../sync/sync-cursor.ts';
import { describeFirstSync } from '../../sync/sync-status.ts';
import { afterFirstScreen, firstScreenShown, idleAfterFirstScreen } from '../../ui/after-first-screen.ts';
import { lazyWithPreload } from '../../ui/lazy-with-preload.ts';
import { OwnerPage } from '../../ui/private/OwnerPage.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useOpenedOnce } from '../../ui/use-opened-once.ts';
import { useWikiLinkIndex } from '../links/use-wiki-link-index.ts';
import { WikiLinkContext } from '../links/wiki-link-context.ts';
import { useShownNotes } from '../search/use-shown-notes.ts';
import { useSettings } from '../settings/use-settings.ts';
import { ConflictNotices } from './conflicts/ConflictNotices.tsx';
import type { EditorAiContext } from './NoteEditor.tsx';
import { NotesCollection } from './NotesCollection.tsx';
import { NotesEmptyState } from './NotesEmptyState.tsx';
import { FilterIcon, GridIcon, ListIcon, PlusIcon } from './note-icons.tsx';
import { INITIAL_FILTERS, type NotesFilterState, withSearchSort } from './notes-filter-state.ts';
import type { NotesSearch } from './notes-search.ts';
import { SyncNotices } from './SyncNotices.tsx';
import { SyncStatusBadge } from './SyncStatusBadge.tsx';
import { useEarlyFeedRows } from './use-early-feed-rows.ts';
import { useFirstPage, useLocalNotes, useNoteCount } from './use-local-notes.ts';
import { useNewNoteShortcut } from './use-new-note-shortcut.ts';
import { useSyncStatus } from './use-sync-status.ts';

export const LOADING_CARDS = 6;

// The compare view (and its diff library) loads when a conflict is first compared.
const ConflictCompare = lazy(() =>
  import('./conflicts/ConflictCompare.tsx').then((m) => ({ default: m.ConflictCompare })),
);
// Not on the list's first paint: the editor, the viewer (with the markdown renderer), the filters and the delete
// dialog load as chunks of their own, fetched right after the first paint and on hover or focus of what opens
// them (docs/decisions/owner-first-visit-split.md).
const NoteEditor = lazyWithPreload(() => import('./NoteEditor.tsx').then((m) => ({ default: m.NoteEditor })));
const NoteViewer = lazyWithPreload(() => import('./NoteViewer.tsx').then((m) => ({ default: m.NoteViewer })));
const NotesFilters = lazyWithPreload(() =>
  import('./NotesFilters.tsx').then((m) => ({ default: m.NotesFilters })),
);
const DeleteNoteDialog = lazyWithPreload(() =>
  import('./DeleteNoteDialog.tsx').then((m) => ({ default: m.DeleteNoteDialog })),
);
const preloadNoteParts = () => {
  NoteViewer.preload();
  NoteEditor.preload();
  DeleteNoteDialog.preload();
};
const preloadEditor = () => NoteEditor.preload();

export interface NotesScreenProps {
  /** `/notes?view={id}`: the server id of a note to open in the viewer. */
  viewNoteId?: number | undefined;
  /** Study mode (the study feature): called from a card or the viewer; without it the button is disabled. */
  onStudy?: (note: LocalNote) => void;
  /** Blog conversion (the AI feature): resolves when done; the card shows a spinner meanwhile. */
  onConvertToBlog?: (note: LocalNote) => Promise<void>;
  /** The editor's AI buttons (Suggest Tags, Extract Insights); without it they show disabled. */
  editorAiSlot?: (ctx: EditorAiContext) => ReactNode;
  /** Shown beside the note count and sync status (the study feature's 'due today' count). */
  headerExtra?: ReactNode;
}

/** `title`: a new note's title to start from (a [[link]] to a missing note). */
type Mode = { kind: 'list' } | { kind: 'editor'; noteId: string | null; title?: string };

export function NotesScreen({
  viewNoteId,
  onStudy,
  onConvertToBlog,
  editorAiSlot,
  headerExtra,
}: NotesScreenProps) {
  const navigate = useNavigate();
  const { settings, isLoaded } = useSettings();
  const [firstPageDone, setFirstPageDone] = useState(false);
  const syncStatus = useSyncStatus();
  // A first sync stores page after page: reading every note after each would hold the writes back, so the
  // newest notes stored show meanwhile (useFirstPage) and the whole list is read once when it ends.
  const firstSyncing = syncStatus.firstSync !== null;
  const [lastProgress, setLastProgress] = useState<PullProgress | null>(null);
  // Kept while rendering, not in an effect, which would render the whole screen once more per stored page.
  if (syncStatus.firstSync && syncStatus.firstSync !== lastProgress) setLastProgress(syncStatus.firstSync);
  // Undefined while read; a device that never finished a sync has no cursor. A yes or no, not the cursor
  // itself, which moves with every page stored and would render the screen again each time.
  const hasCursor = useLiveQuery(
    () =>
      readCursor(db).then(
        (cursor) => cursor !== null,
        () => false,
      ),
    [],
  );
  const loaded = useLocalNotes(firstPageDone && !firstSyncing);
  const notes = loaded?.notes;
  const loadError = loaded?.error ?? null;
  const firstPage = useFirstPage(notes === undefined);
  // A new device: the first feed page its shell asked for while the scripts loaded, until the database has notes.
  const earlyRows = useEarlyFeedRows();
  const noteCount = useNoteCount();
  // The full read waits for the first screenful (see useFirstPage), and for it to be painted: reading 10,000
  // notes takes the main thread a while, which would otherwise come before the first cards' frame.
  useEffect(() => {
    if (firstPage !== undefined) return afterFirstScreen(() => setFirstPageDone(true));
  }, [firstPage]);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [view, setView] = useState<'grid' | 'list'>(settings.defaultNoteView);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filters, setFilters] = useState<NotesFilterState>(INITIAL_FILTERS);
  const [viewerId, setViewerId] = useState<string | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<LocalNote | null>(null);
  const [compareId, setCompareId] = useState<string | null>(null);
  const [convertingId, setConvertingId] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // Sync and the service worker start once the first screenful has been read and painted: on a reload with
  // thousands of notes their reads and work would otherwise queue ahead of the first cards. On a new device
  // that read answers at once (nothing stored), so the first sync is not held back.
  // A new device whose early first page is on its way waits for it (briefly: useEarlyFeedRows), so the sync
  // engine's chunk is not parsed just ahead of those cards.
  const firstScreenRead =
    (firstPage !== undefined && (earlyRows !== undefined || (firstPage?.length ?? 0) > 0)) ||
    loaded !== undefined;
  // (An effect runs after the commit that shows those cards.)
  useEffect(() => {
    if (!firstScreenRead) return;
    firstScreenShown();
    // The engine and the service worker's client load after the first paint: the notes come from the local
    // database meanwhile.
    // A load that fails (the connection dropped before the service worker had the app) is tried again once
    // the browser is back online.
    const start = () =>
      void loadAppSync()
        .then(({ startSync }) => startSync())
        .catch(() => window.addEventListener('online', start, { once: true }));
    const cancelSync = afterFirstScreen(start);
    const cancelWorker = idleAfterFirstScreen(
      () =>
        void import('../../pwa/register-service-worker.ts')
          .then(({ registerServiceWorker }) => registerServiceWorker())
          .catch(() => {}),
    );
    return () => {
      cancelSync();
      cancelWorker();
    };
  }, [firstScreenRead]);
  // A new device, whose page asked for its first notes early: the engine that stores them downloads while
  // those cards render (it starts once they are painted, as everywhere), rather than after them.
  useEffect(() => {
    if (earlyFeedAnswer()) void loadAppSync().catch(() => {});
  }, []);
  // The parts the list opens load when the first screen is painted and idle, and once the sync engine has
  // loaded: their files, parsed ahead of either, held back the first cards and a new device's first feed page.
  useEffect(
    () =>
      idleAfterFirstScreen(() => {
        const preload = () => {
          for (const part of [NoteEditor, NoteViewer, DeleteNoteDialog, NotesFilters]) part.preload();
        };
        void appSyncLoaded().then(preload, preload);
      }),
    [],
  );
  // The saved default view applies once the settings arrive; the toggle overrides it for this visit.
  useEffect(() => {
    if (isLoaded) setView(settings.defaultNoteView);
  }, [isLoaded, settings.defaultNoteView]);
  // Relative times ('5 minutes ago') move on by themselves.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  // An editor the page went away under (reload, closed tab, crash) reopens where the owner was, on its draft;
  // drafts of notes gone for a month are removed meanwhile.
  useEffect(() => {
    void lastOpenEditorDraft()
      .then(async (draft) => {
        if (!draft) return;
        if (draft.noteId === null) return setMode({ kind: 'editor', noteId: null });
        const exists = await db.notes.get(draft.noteId);
        if (exists && !exists.deleted) setMode({ kind: 'editor', noteId: exists.id });
      })
      .catch(() => {});
    // A read-write transaction over the notes: it would hold back the first screenful's read.
    return idleAfterFirstScreen(() => void pruneOrphanEditorDrafts().catch(() => {}));
  }, []);
  // /notes?view={serverId} opens that note once it is in the local database.
  useEffect(() => {
    if (viewNoteId === undefined || !notes) return;
    const match = notes.find((note) => note.serverId === viewNoteId);
    if (match) setViewerId(match.id);
  }, [viewNoteId, notes]);

  const deferredSearch = useDeferredValue(filters.searchQuery);
  const { shown, terms, answeredSearch: search } = useShownNotes(notes, filters, deferredSearch);
  const changeFilters = useCallback(
    (next: NotesFilterState) => setFilters((previous) => withSearchSort(previous, next)),
    [],
  );
  const tags = useMemo(() => tagOptions(notes ?? []), [notes]);

  const openNew = useCallback(() => setMode({ kind: 'editor', noteId: null }), []);
  useNewNoteShortcut(mode.kind === 'list', openNew);
  // ?new=1 and ?open={local id} (the quick switcher, links between notes): acted on once, then dropped.
  const links = useSearch({ strict: false }) as NotesSearch;
  useEffect(() => {
    if (links.new !== '1') return;
    openNew();
    void navigate({ to: '.', search: ({ new: _new, ...rest }: NotesSearch) => rest, replace: true });
  }, [links.new, openNew, navigate]);
  useEffect(() => {
    if (!links.open || !notes) return;
    if (notes.some((note) => note.id === links.open)) {
      setMode({ kind: 'list' });
      setViewerId(links.open);
    }
    void navigate({ to: '.', search: ({ open: _open, ...rest }: NotesSearch) => rest, replace: true });
  }, [links.open, notes, navigate]);

  // [[Links]] between notes: open the linked note in the viewer, or create a missing one and edit it.
  const openLinked = useCallback((noteId: string) => {
    setMode({ kind: 'list' });
    setViewerId(noteId);
  }, []);
  // A link to a missing note offers it: a new note's editor with the link's title. Nothing is created until
  // it is saved, so backing out leaves no empty note behind.
  const [pendingEdit, setPendingEdit] = useState<string | null>(null);
  const createLinked = useCallback((title: string) => {
    setViewerId(null);
    setMode({ kind: 'editor', noteId: null, title });
  }, []);
  useEffect(() => {
    if (!pendingEdit || !notes?.some((note) => note.id === pendingEdit)) return;
    setMode({ kind: 'editor', noteId: pendingEdit });
    setPendingEdit(null);
  }, [pendingEdit, notes]);
  const wikiLinks = useWikiLinkIndex(notes, { open: openLinked, create: createLinked });

  const viewerNote = viewerId ? (notes?.find((note) => note.id === viewerId) ?? null) : null;
  const viewerMounted = useOpenedOnce(viewerNote !== null);
  const deleteMounted = useOpenedOnce(deleteTarget !== null);
  const editing =
    mode.kind === 'editor' && mode.noteId ? (notes?.find((note) => note.id === mode.noteId) ?? null) : null;

  // The note being edited was deleted (here or by a sync): back to the list.
  useEffect(() => {
    if (mode.kind === 'editor' && mode.noteId && notes && !notes.some((note) => note.id === mode.noteId)) {
      setMode({ kind: 'list' });
    }
  }, [mode, notes]);

  const closeViewer = () => {
    setViewerId(null);
    if (viewNoteId !== undefined) void navigate({ to: '.', search: {}, replace: true });
  };
  const study = (note: LocalNote) => {
    closeViewer();
    onStudy?.(note);
  };
  const convert = async (note: LocalNote) => {
    if (!onConvertToBlog) return;
    setConvertingId(note.id);
    try {
      await onConvertToBlog(note);
    } finally {
      setConvertingId(null);
    }
  };
  const confirmDelete = async () => {
    const target = deleteTarget;
    setDeleteTarget(null);
    if (!target) return;
    try {
      await deleteNote(target.id);
      toast({
        title: 'Note moved to Trash',
        description: 'You can restore it from the Trash for 30 days.',
        duration: 8000,
        button: { label: 'Undo', onClick: () => void undoDelete(target.id) },
      });
    } catch {
      toast({
        title: 'Failed to delete note',
        description: 'There was an error deleting your note. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const undoDelete = async (id: string) => {
    try {
      await restoreFromTrash(id);
      toast({ title: 'Note restored', description: 'The note is back in your notes.' });
    } catch (error) {
      toast({
        title: 'Could not restore the note',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    }
  };

  const cardActions = {
    onOpen: (note: LocalNote) => setViewerId(note.id),
    onEdit: (note: LocalNote) => setMode({ kind: 'editor', noteId: note.id }),
    onDelete: (note: LocalNote) => setDeleteTarget(note),
    onStudy: study,
    onConvert: (note: LocalNote) => void convert(note),
  };

  const filtering = notesFiltersActive({ search, tags: filters.tags, dateRange: filters.dateRange });
  const filtersNarrow = filters.sortBy !== INITIAL_FILTERS.sortBy || filtering;
  const emptyKind = notes
    ? notesEmptyState({
        total: notes.length,
        shown: shown.length,
        search,
        tags: filters.tags,
        filtersActive: notesFiltersActive({ dateRange: filters.dateRange }),
      })
    : null;

  // Never "No notes yet" on a device whose first sync has not ended: the notes may be on their way.
  const awaitingFirstSync =
    firstSyncing ||
    (hasCursor !== true &&
      syncStatus.lastSyncedAt === null &&
      (syncStatus.kind === 'pending' || syncStatus.kind === 'syncing'));
  const listEmptyAwaitingSync = awaitingFirstSync && notes?.length === 0;
  // While all notes load, the newest ones (the default order) are already on screen: from the database, or on a
  // new device whose database has none yet, from the early first page (the same notes, once the engine stores it).
  const firstCards =
    !notes || listEmptyAwaitingSync
      ? firstPage && firstPage.length > 0
        ? firstPage
        : awaitingFirstSync
          ? earlyRows
          : null
      : null;
  // From the first sync's start until the list holds what it brought, the screen says how far it has got.
  const showFirstSync =
    awaitingFirstSync || (lastProgress !== null && !notes && !loadError && mode.kind === 'list');

  // With a search or filter, how many notes it leaves (DECISIONS: trust and daily use). While a first sync
  // has stored nothing yet, no "0 notes": a placeholder, as for the cards.
  const countKnown = notes && filtering ? shown.length : (notes?.length ?? noteCount);
  const countShown = awaitingFirstSync && !countKnown ? undefined : countKnown;

  return (
    <WikiLinkContext.Provider value={wikiLinks}>
      <OwnerPage data-testid="notes-screen">
        <Flex
          justify="space-between"
          align={{ base: 'start', md: 'center' }}
          gap="4"
          mb="6"
          direction={{ base: 'column', md: 'row' }}
        >
          <Stack gap="1" minW="0" maxW="full">
            <Text as="h1" fontSize="3xl" fontWeight="bold">
              My Notes
            </Text>
            <Text color="fg.muted">Manage your personal notes and knowledge collection</Text>
            {/* Wraps on a phone: the count, the sync status and the due badge each stay whole. */}
            <HStack gap="3" rowGap="1" wrap="wrap">
              {countShown === undefined ? (
                loadError ? null : (
                  // Until the local database answers, a placeholder (as the cards below): never a false "0 notes".
                  <Skeleton height="4" width="16" data-testid="note-count-loading" aria-hidden="true" />
                )
              ) : (
                <Text fontSize="sm" color="fg.muted" data-testid="note-count">
                  {noteCountLabel(countShown)}
                </Text>
              )}
              <SyncStatusBadge catchingUp={showFirstSync} />
              {headerExtra}
            </HStack>
          </Stack>
          {mode.kind === 'list' ? (
            <HStack gap="2" wrap="wrap">
              <HStack gap="0" borderWidth="1px" borderRadius="md" role="group" aria-label="View">
                <IconButton
                  aria-label="Grid view"
                  aria-pressed={view === 'grid'}
                  variant={view === 'grid' ? 'subtle' : 'ghost'}
                  size="sm"
                  onClick={() => setView('grid')}
                >
                  <GridIcon />
                </IconButton>
                <IconButton
                  aria-label="List view"
                  aria-pressed={view === 'list'}
                  variant={view === 'list' ? 'subtle' : 'ghost'}
                  size="sm"
                  onClick={() => setView('list')}
                >
                  <ListIcon />
                </IconButton>
              </HStack>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setFiltersOpen((open) => !open)}
                onPointerEnter={NotesFilters.preload}
                onFocus={NotesFilters.preload}
                aria-expanded={filtersOpen}
              >
                <FilterIcon />
                {filtersOpen ? 'Hide Filters' : 'Search & Filter'}
              </Button>
              <Button asChild variant="outline" size="sm">
                <RouterLink to="/import-export">Import &amp; Export</RouterLink>
              </Button>
              <Button asChild variant="outline" size="sm">
                <RouterLink to="/trash">Trash</RouterLink>
              </Button>
              <Button
                colorPalette="blue"
                size="sm"
                onClick={openNew}
                onPointerEnter={preloadEditor}
                onFocus={preloadEditor}
                onTouchStart={preloadEditor}
              >
                <PlusIcon />
                New Note
              </Button>
            </HStack>
          ) : null}
        </Flex>

        <SyncNotices />
        {mode.kind === 'list' ? <ConflictNotices onCompare={setCompareId} /> : null}
        {mode.kind === 'editor' && mode.noteId !== null && !editing ? (
          <Skeleton height="400px" borderRadius="lg" />
        ) : mode.kind === 'editor' ? (
          <Suspense fallback={<Skeleton height="400px" borderRadius="lg" />}>
            <NoteEditor
              key={mode.noteId ?? 'new'}
              note={editing}
              initialTitle={mode.kind === 'editor' ? mode.title : undefined}
              aiSlot={editorAiSlot}
              onDone={(saved, stay) =>
                setMode(stay && saved ? { kind: 'editor', noteId: saved.id } : { kind: 'list' })
              }
            />
          </Suspense>
        ) : (
          // data-search: the search the list below reflects (it lags the input by design: useDeferredValue).
          // Pointing at or focusing a card loads what its actions open.
          <Stack gap="4" data-search={search} onPointerOver={preloadNoteParts} onFocus={preloadNoteParts}>
            {filtersOpen ? (
              <Suspense fallback={null}>
                <NotesFilters filters={filters} tagOptions={tags} onChange={changeFilters} />
              </Suspense>
            ) : null}
            {showFirstSync ? (
              <Text role="status" aria-live="polite" color="fg.muted" data-testid="first-sync-progress">
                {describeFirstSync(syncStatus.firstSync ?? lastProgress)}
              </Text>
            ) : null}
            {firstCards && firstCards.length > 0 && !filtersNarrow ? (
              <NotesCollection
                notes={firstCards}
                view={view}
                convertingId={convertingId}
                canStudy={!!onStudy}
                canConvert={!!onConvertToBlog}
                now={now}
                {...cardActions}
              />
            ) : loadError ? (
              <Text color="fg.error" role="alert" py="8" textAlign="center" data-testid="notes-error">
                {loadError}
              </Text>
            ) : !notes || listEmptyAwaitingSync ? (
              <SimpleGrid
                columns={view === 'list' ? 1 : { base: 1, md: 2, lg: 3 }}
                gap="4"
                data-testid="notes-loading"
              >
                {Array.from({ length: LOADING_CARDS }, (_, index) => (
                  <Skeleton key={index} height="200px" borderRadius="lg" />
                ))}
              </SimpleGrid>
            ) : emptyKind ? (
              <NotesEmptyState
                kind={emptyKind}
                search={search}
                tags={filters.tags}
                onCreate={openNew}
                onViewAll={() => {
                  setFilters(INITIAL_FILTERS);
                  void navigate({ to: '/notes' });
                }}
              />
            ) : (
              <NotesCollection
                notes={shown}
                highlight={terms}
                view={view}
                convertingId={convertingId}
                canStudy={!!onStudy}
                canConvert={!!onConvertToBlog}
                now={now}
                {...cardActions}
              />
            )}
          </Stack>
        )}

        {viewerMounted ? (
          <Suspense fallback={null}>
            <NoteViewer
              note={viewerNote}
              canStudy={!!onStudy}
              onClose={closeViewer}
              onStudy={study}
              onEdit={(note) => {
                closeViewer();
                setMode({ kind: 'editor', noteId: note.id });
              }}
              onCompare={(copyId) => {
                closeViewer();
                setCompareId(copyId);
              }}
            />
          </Suspense>
        ) : null}
        {compareId !== null ? (
          <Suspense fallback={null}>
            <ConflictCompare copyId={compareId} onClose={() => setCompareId(null)} />
          </Suspense>
        ) : null}
        {deleteMounted ? (
          <Suspense fallback={null}>
            <DeleteNoteDialog
              open={deleteTarget !== null}
              onCancel={() => setDeleteTarget(null)}
              onConfirm={() => void confirmDelete()}
            />
          </Suspense>
        ) : null}
      </OwnerPage>
    </WikiLinkContext.Provider>
  );
}
