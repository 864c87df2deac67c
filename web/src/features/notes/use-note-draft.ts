// Draft autosave for the editor (SPEC sections 4 and 9): 5 s after the last change, only while dirty and not
// loading; 'Draft saved' shows for 3 s; a failed write shows 'Error saving draft'.
import { useEffect, useState } from 'react';
import { saveDraft } from '../../db/draft-store.ts';

export const DRAFT_DELAY_MS = 5000;
export const DRAFT_SAVED_MS = 3000;

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface DraftFieldsInput {
  title: string;
  content: string;
  tagInput: string;
  noteId: string | null;
}

export function useNoteDraft(fields: DraftFieldsInput, dirty: boolean, loading: boolean): DraftStatus {
  const [status, setStatus] = useState<DraftStatus>('idle');
  const { title, content, tagInput, noteId } = fields;
  useEffect(() => {
    if (!dirty || loading) return;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      setStatus('saving');
      saveDraft({ title, content, tagInput, noteId })
        .then(() => {
          setStatus('saved');
          hide = setTimeout(() => setStatus('idle'), DRAFT_SAVED_MS);
        })
        .catch(() => setStatus('error'));
    }, DRAFT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (hide) clearTimeout(hide);
    };
  }, [title, content, tagInput, noteId, dirty, loading]);
  return status;
}

export function draftStatusText(status: DraftStatus, dirty: boolean): string {
  if (status === 'saved') return 'Draft saved';
  if (status === 'error') return 'Error saving draft';
  return dirty ? 'Editing...' : 'No changes';
}
