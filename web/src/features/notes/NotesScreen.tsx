// The notes screen (/notes, and / when signed in): a conductor over its parts. The heading with the count and
// the sync status (screen/NotesHeader.tsx), the list with filters, first-sync progress and an unsaved new
// note's draft card (screen/NotesListArea.tsx), the viewer, the delete confirmation, the compare view and the
// editor. Everything reads the local database (never the network). Study mode and blog conversion are plugged
// in by their features via props.
import { Skeleton } from '@chakra-ui/react';
import { notesEmptyState, notesFiltersActive, tagOptions } from '@private-notes/shared';
import { useNavigate } from '@tanstack/react-router';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { isSealedNote } from '../../db/locked-note-codec.ts';
import type { LocalNote } from '../../db/types.ts';
import { PartLoadBoundary } from '../../ui/part-load-boundary.tsx';
import { OwnerPage } from '../../ui/private/OwnerPage.tsx';
import { useOpenedOnce } from '../../ui/use-opened-once.ts';
import { useStableActions } from '../../ui/use-stable-actions.ts';
import { WikiLinkContext } from '../links/wiki-link-context.ts';
import { useShownNotes } from '../search/use-shown-notes.ts';
import { useSettings } from '../settings/use-settings.ts';
import { useNotesVault } from '../vault/use-notes-vault.tsx';
import { ConflictNotices } from './conflicts/ConflictNotices.tsx';
import type { EditorAiContext } from './NoteEditor.tsx';
import { INITIAL_FILTERS, type NotesFilterState, withSearchSort } from './notes-filter-state.ts';
import { type NoteView, rememberedNoteView, rememberNoteView } from './remembered-note-view.ts';
import { SyncNotices } from './SyncNotices.tsx';
import { keepViewerCopy } from './screen/keep-viewer-copy.ts';
import { NotesHeader } from './screen/NotesHeader.tsx';
import { NotesListArea } from './screen/NotesListArea.tsx';
import { ConflictCompare, DeleteNoteDialog, NoteEditor, NoteViewer } from './screen/note-parts.ts';
import { useDeleteNote } from './screen/use-delete-note.ts';
import { useEditingNote } from './screen/use-editing-note.ts';
import { useNoteLinks } from './screen/use-note-links.ts';
import { useNotesData } from './screen/use-notes-data.ts';
import { useNotesStartup } from './screen/use-notes-startup.ts';
import { useViewerNote } from './screen/use-viewer-note.ts';
import { useNewNoteShortcut } from './use-new-note-shortcut.ts';

// With the viewer, not the first paint (its confirmation dialog is not in the screen's own chunks).
const NoteLockButton = lazy(() =>
  import('../vault/NoteLockButton.tsx').then((m) => ({ default: m.NoteLockButton })),
);

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

export function NotesScreen({
  viewNoteId,
  onStudy,
  onConvertToBlog,
  editorAiSlot,
  headerExtra,
}: NotesScreenProps) {
  const navigate = useNavigate();
  const { settings, isLoaded } = useSettings();
  const data = useNotesData();
  const { notes, loadError } = data;
  useNotesStartup(data.firstScreenRead, data.awaitingFirstSync);
  const { mode, setMode, editing } = useEditingNote(notes);
  const [view, setView] = useState<NoteView>(() =>
    isLoaded ? settings.defaultNoteView : (rememberedNoteView() ?? settings.defaultNoteView),
  );
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filters, setFilters] = useState<NotesFilterState>(INITIAL_FILTERS);
  const [viewerId, setViewerId] = useState<string | null>(null);
  const [compareId, setCompareId] = useState<string | null>(null);
  const [convertingId, setConvertingId] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const deletion = useDeleteNote();

  // The saved default view applies once the settings arrive (remembered for the next visit's first render); the
  // toggle overrides it for this visit.
  useEffect(() => {
    if (!isLoaded) return;
    setView(settings.defaultNoteView);
    rememberNoteView(settings.defaultNoteView);
  }, [isLoaded, settings.defaultNoteView]);
  // The list opens at the top: the router restores no position here (router.tsx), nor resets it.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  // Relative times ('5 minutes ago') move on by themselves.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
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

  const openNew = useCallback(() => setMode({ kind: 'editor', noteId: null }), [setMode]);
  useNewNoteShortcut(mode.kind === 'list', openNew);
  const vault = useNotesVault(notes, () => setMode({ kind: 'editor', noteId: null, locked: true }));
  const { links: wikiLinks, lockedLinkDialog } = useNoteLinks({
    notes,
    setMode,
    setViewerId,
    openNew,
    whenUnlocked: vault.whenUnlocked,
  });

  const { note: found, deletedElsewhere } = useViewerNote(notes, viewerId, data.firstCards);
  // A locked note that can no longer be read (the vault locked) leaves the screen.
  const viewerNote = found && isSealedNote(found) ? null : found;
  const editingSealed = mode.kind === 'editor' && editing !== null && isSealedNote(editing);
  useEffect(() => {
    if (editingSealed) setMode({ kind: 'list' });
  }, [editingSealed, setMode]);
  const viewerMounted = useOpenedOnce(viewerNote !== null);
  const deleteMounted = useOpenedOnce(deletion.target !== null);

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
  const cardActions = useStableActions({
    onOpen: (note: LocalNote) => vault.guardOpen(note, () => setViewerId(note.id)),
    onEdit: (note: LocalNote) =>
      vault.guardOpen(note, () => setMode({ kind: 'editor', noteId: note.id, shown: note })),
    onDelete: (note: LocalNote) => deletion.ask(note),
    onStudy: study,
    onConvert: (note: LocalNote) => void convert(note),
  });

  const filtering = notesFiltersActive({ search, tags: filters.tags, dateRange: filters.dateRange });
  const emptyKind = notes
    ? notesEmptyState({
        total: notes.length,
        shown: shown.length,
        search,
        tags: filters.tags,
        filtersActive: notesFiltersActive({ dateRange: filters.dateRange }),
      })
    : null;
  // From the first sync's start until the list holds what it brought, the screen says how far it has got.
  const showFirstSync =
    data.awaitingFirstSync || (data.lastProgress !== null && !notes && !loadError && mode.kind === 'list');
  // With a search or filter, how many notes it leaves (DECISIONS: trust and daily use). While a first sync
  // has stored nothing yet, no "0 notes": a placeholder, as for the cards.
  const countKnown = notes && filtering ? shown.length : (notes?.length ?? data.noteCount);
  const countShown =
    (data.awaitingFirstSync || data.firstSyncStalled) && !countKnown ? undefined : countKnown;

  return (
    <WikiLinkContext.Provider value={wikiLinks}>
      <OwnerPage data-testid="notes-screen">
        <NotesHeader
          countShown={countShown}
          loadError={loadError}
          catchingUp={showFirstSync}
          headerExtra={
            <>
              {headerExtra}
              {vault.header}
            </>
          }
          listMode={mode.kind === 'list'}
          view={view}
          setView={setView}
          filtersOpen={filtersOpen}
          toggleFilters={() => setFiltersOpen((open) => !open)}
          openNew={openNew}
        />
        <SyncNotices />
        {mode.kind === 'list' ? <ConflictNotices onCompare={setCompareId} /> : null}
        {mode.kind === 'editor' && mode.noteId !== null && !editing ? (
          <Skeleton height="400px" borderRadius="lg" />
        ) : mode.kind === 'editor' ? (
          <PartLoadBoundary what="the editor" onFailed={() => setMode({ kind: 'list' })}>
            <Suspense fallback={<Skeleton height="400px" borderRadius="lg" />}>
              <NoteEditor
                key={mode.noteId ?? (mode.locked ? 'new-locked' : 'new')}
                note={editing}
                initialTitle={mode.title}
                aiSlot={editorAiSlot}
                lockNew={mode.locked === true}
                lockSlot={(note, saveFirst) => (
                  <Suspense fallback={null}>
                    <NoteLockButton note={note} whenUnlocked={vault.whenUnlocked} beforeChange={saveFirst} />
                  </Suspense>
                )}
                onDone={(saved, stay) =>
                  setMode(stay && saved ? { kind: 'editor', noteId: saved.id } : { kind: 'list' })
                }
              />
            </Suspense>
          </PartLoadBoundary>
        ) : (
          <NotesListArea
            data={data}
            search={search}
            terms={terms}
            shown={shown}
            emptyKind={emptyKind}
            filtersOpen={filtersOpen}
            filters={filters}
            filtersNarrow={filters.sortBy !== INITIAL_FILTERS.sortBy || filtering}
            tagOptions={tags}
            changeFilters={changeFilters}
            clearFilters={() => {
              setFilters(INITIAL_FILTERS);
              void navigate({ to: '/notes' });
            }}
            showFirstSync={showFirstSync}
            view={view}
            convertingId={convertingId}
            canStudy={!!onStudy}
            canConvert={!!onConvertToBlog}
            now={now}
            actions={cardActions}
            openNew={openNew}
          />
        )}

        {viewerMounted ? (
          <PartLoadBoundary what="the note" open={viewerNote !== null} onFailed={closeViewer}>
            <Suspense fallback={null}>
              <NoteViewer
                note={viewerNote}
                deletedElsewhere={deletedElsewhere}
                onKeepCopy={() => void keepViewerCopy(viewerNote, setViewerId)}
                canStudy={!!onStudy}
                lockSlot={(note) => (
                  <Suspense fallback={null}>
                    <NoteLockButton note={note} whenUnlocked={vault.whenUnlocked} />
                  </Suspense>
                )}
                onClose={closeViewer}
                onStudy={study}
                onEdit={(note) => {
                  closeViewer();
                  setMode({ kind: 'editor', noteId: note.id, shown: note });
                }}
                onCompare={(copyId) => {
                  closeViewer();
                  setCompareId(copyId);
                }}
              />
            </Suspense>
          </PartLoadBoundary>
        ) : null}
        {compareId !== null ? (
          <PartLoadBoundary what="the comparison" onFailed={() => setCompareId(null)}>
            <Suspense fallback={null}>
              <ConflictCompare copyId={compareId} onClose={() => setCompareId(null)} />
            </Suspense>
          </PartLoadBoundary>
        ) : null}
        {deleteMounted ? (
          <PartLoadBoundary
            what="the delete confirmation"
            open={deletion.target !== null}
            onFailed={deletion.cancel}
          >
            <Suspense fallback={null}>
              <DeleteNoteDialog
                open={deletion.target !== null}
                onCancel={deletion.cancel}
                onConfirm={() => void deletion.confirm()}
              />
            </Suspense>
          </PartLoadBoundary>
        ) : null}
        {vault.dialog}
        {lockedLinkDialog}
      </OwnerPage>
    </WikiLinkContext.Provider>
  );
}
