// The notes screen with the study and AI features plugged into its seams: Study Mode opens the overlay,
// Convert to Blog Post drafts a post, the editor gets Suggest Tags and Extract Insights, and the header shows
// the flashcards due today across notes, a button that opens the review session (/study). With Settings › AI features off, no AI button is passed in.
import { Button } from '@chakra-ui/react';
import type { BlogPost } from '@private-notes/shared';
import { Link, useNavigate } from '@tanstack/react-router';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { appSyncLoaded } from '../../sync/load-app-sync.ts';
import { afterFirstScreen, idleAfterFirstScreen } from '../../ui/after-first-screen.ts';
import { lazyWithPreload } from '../../ui/lazy-with-preload.ts';
import { PartLoadBoundary } from '../../ui/part-load-boundary.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useOpenedOnce } from '../../ui/use-opened-once.ts';
import { aiErrorToast } from '../ai/ai-error-toast.ts';
import type { ExistingDraftChoice } from '../ai/convert-to-blog.ts';
import { useAiEnabled } from '../ai/use-ai-enabled.ts';
import { NotesScreen } from '../notes/NotesScreen.tsx';
import { useDueCounts } from './use-due-counts.ts';

// Study mode (with the scheduler), the editor's AI buttons and the draft question are not on the list's first
// paint: each loads as a chunk of its own, fetched right after the first paint
// (docs/decisions/owner-first-visit-split.md).
const StudyMode = lazyWithPreload(() => import('./StudyMode.tsx').then((m) => ({ default: m.StudyMode })));
const EditorAiButtons = lazyWithPreload(() =>
  import('../ai/EditorAiButtons.tsx').then((m) => ({ default: m.EditorAiButtons })),
);
const ConfirmDialog = lazyWithPreload(() =>
  import('../../ui/private/ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
);
const ExistingDraftDialog = lazyWithPreload(() =>
  import('../ai/ExistingDraftDialog.tsx').then((m) => ({ default: m.ExistingDraftDialog })),
);
// Convert to Blog Post syncs the note first, so its code rides with the sync engine: both load right after the
// first paint (a page that goes offline a moment later can still say the note must sync first).
const loadConvert = () => import('../ai/convert-to-blog.ts');

export function NotesWithHelpers({ viewNoteId }: { viewNoteId?: number | undefined }) {
  const ai = useAiEnabled();
  const queryClient = useQueryClient();
  const [studyId, setStudyId] = useState<string | null>(null);
  const due = useDueCounts();
  useEffect(
    () =>
      // Review sync runs in the background; its code (and the sync client's schemas) loads after the first paint
      // and once the notes' sync engine has: on a new device its requests and files went ahead of the first page
      // of notes.
      afterFirstScreen(
        () =>
          void appSyncLoaded()
            .then(() => import('./review-sync-app.ts'))
            .then((m) => m.startReviewSync())
            .catch(() => {}),
      ),
    [],
  );
  useEffect(
    () =>
      idleAfterFirstScreen(
        () =>
          void appSyncLoaded().then(() => {
            StudyMode.preload();
            EditorAiButtons.preload();
          }),
      ),
    [],
  );
  useEffect(() => {
    if (ai) return idleAfterFirstScreen(() => void loadConvert().catch(() => {}));
  }, [ai]);
  const navigate = useNavigate();
  // The question about an existing draft, answered through the dialog.
  const [asking, setAsking] = useState<{
    draft: BlogPost;
    answer: (choice: ExistingDraftChoice) => void;
  } | null>(null);
  const chooseForExisting = useCallback(
    (draft: BlogPost) => new Promise<ExistingDraftChoice>((resolve) => setAsking({ draft, answer: resolve })),
    [],
  );
  // "Convert to Blog Post" on a locked note: the owner says yes or no through the dialog.
  const [askingPublic, setAskingPublic] = useState<{
    question: string;
    answer: (yes: boolean) => void;
    from: HTMLElement | null;
  } | null>(null);
  // The card's button is focused when it is pressed (it is busy, so disabled, while the question shows).
  const confirmPublicFrom = useCallback(
    (from: HTMLElement | null) => (question: string) =>
      new Promise<boolean>((resolve) => setAskingPublic({ question, answer: resolve, from })),
    [],
  );
  const publicMounted = useOpenedOnce(askingPublic !== null);
  const studyMounted = useOpenedOnce(studyId !== null);
  const askMounted = useOpenedOnce(asking !== null);
  const openDraft = useCallback(
    (postId: number) => void navigate({ to: '/blog/admin', search: { edit: postId } }),
    [navigate],
  );

  return (
    <>
      <NotesScreen
        viewNoteId={viewNoteId}
        onStudy={(note) => setStudyId(note.id)}
        onConvertToBlog={
          ai
            ? (note) => {
                const confirmPublic = confirmPublicFrom(
                  document.activeElement instanceof HTMLElement ? document.activeElement : null,
                );
                return loadConvert().then(
                  (m) => m.convertToBlog(note, { queryClient, chooseForExisting, openDraft, confirmPublic }),
                  (error: unknown) => {
                    toast(aiErrorToast('generateBlog', error));
                  },
                );
              }
            : undefined
        }
        editorAiSlot={
          ai
            ? (ctx) => (
                <Suspense fallback={null}>
                  <EditorAiButtons ctx={ctx} />
                </Suspense>
              )
            : undefined
        }
        headerExtra={
          due && due.total > 0 ? (
            <Button asChild size="xs" colorPalette="blue" variant="subtle" data-testid="due-today-total">
              <Link to="/study" title="Study due cards">
                {due.total === 1 ? '1 flashcard due today' : `${due.total} flashcards due today`}
              </Link>
            </Button>
          ) : null
        }
      />
      {studyMounted ? (
        <PartLoadBoundary what="Study Mode" open={studyId !== null} onFailed={() => setStudyId(null)}>
          <Suspense fallback={null}>
            <StudyMode noteId={studyId} onClose={() => setStudyId(null)} />
          </Suspense>
        </PartLoadBoundary>
      ) : null}
      {publicMounted ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={askingPublic !== null}
            title="Make a public copy of this locked note?"
            description={askingPublic?.question ?? ''}
            confirmLabel="Make the plain copy"
            returnFocusTo={askingPublic?.from}
            onCancel={() => {
              askingPublic?.answer(false);
              setAskingPublic(null);
            }}
            onConfirm={() => {
              askingPublic?.answer(true);
              setAskingPublic(null);
            }}
          />
        </Suspense>
      ) : null}
      {askMounted ? (
        <Suspense fallback={null}>
          <ExistingDraftDialog
            draft={asking?.draft ?? null}
            onChoose={(choice) => {
              asking?.answer(choice);
              setAsking(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
