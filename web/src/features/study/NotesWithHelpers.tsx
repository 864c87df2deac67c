// The notes screen with the study and AI features plugged into its seams: Study Mode opens the overlay,
// Convert to Blog Post drafts a post, the editor gets Suggest Tags and Extract Insights, and the header shows
// the flashcards due today across notes, a button that opens the review session (/study). With Settings › AI features off, no AI button is passed in.
import { Button } from '@chakra-ui/react';
import type { BlogPost } from '@private-notes/shared';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { convertToBlog, type ExistingDraftChoice } from '../ai/convert-to-blog.ts';
import { EditorAiButtons } from '../ai/EditorAiButtons.tsx';
import { ExistingDraftDialog } from '../ai/ExistingDraftDialog.tsx';
import { useAiEnabled } from '../ai/use-ai-enabled.ts';
import { NotesScreen } from '../notes/NotesScreen.tsx';
import { startReviewSync } from './review-sync-app.ts';
import { StudyMode } from './StudyMode.tsx';
import { useDueCounts } from './use-due-counts.ts';

export function NotesWithHelpers({ viewNoteId }: { viewNoteId?: number | undefined }) {
  const ai = useAiEnabled();
  const queryClient = useQueryClient();
  const [studyId, setStudyId] = useState<string | null>(null);
  const due = useDueCounts();
  useEffect(() => startReviewSync(), []);
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
          ai ? (note) => convertToBlog(note, { queryClient, chooseForExisting, openDraft }) : undefined
        }
        editorAiSlot={ai ? (ctx) => <EditorAiButtons ctx={ctx} /> : undefined}
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
      <StudyMode noteId={studyId} onClose={() => setStudyId(null)} />
      <ExistingDraftDialog
        draft={asking?.draft ?? null}
        onChoose={(choice) => {
          asking?.answer(choice);
          setAsking(null);
        }}
      />
    </>
  );
}
