// The editor's AI helpers (SPEC sections 2, 5, 8): Suggest Tags adds the suggested tags not already in the
// list; Extract Insights shows the insights under the editor. Each is disabled while the editor is busy, while
// its own call runs, or when the content is empty; blank content asks for some first.
import { Button } from '@chakra-ui/react';
import { extractInsights, suggestTags } from '@private-notes/shared/ai';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/api.ts';
import { db } from '../../db/db.ts';
import { ConfirmDialog } from '../../ui/private/ConfirmDialog.tsx';
import { returnFocus } from '../../ui/private/return-focus.ts';
import { toast } from '../../ui/toast-store.ts';
import type { EditorAiContext } from '../notes/NoteEditor.tsx';
import { aiErrorToast } from './ai-error-toast.ts';
import { serverOrLocal } from './server-or-local.ts';

async function ownerTags(): Promise<string[]> {
  const notes = await db.notes.filter((note) => !note.deleted).toArray();
  return [...new Set(notes.flatMap((note) => note.tags))];
}

export const LOCKED_AI_TITLE = 'Send this locked note to the AI model?';
export const LOCKED_AI_QUESTION =
  'This note is locked. Send its text to the AI model your server uses? Choose Cancel to use the built-in ' +
  'helpers on this device only.';

export function EditorAiButtons({ ctx }: { ctx: EditorAiContext }) {
  const [running, setRunning] = useState<'tags' | 'insights' | null>(null);
  // The question about a locked note, answered through the dialog (every time).
  const [asking, setAsking] = useState<((send: boolean) => void) | null>(null);
  const empty = ctx.content === '';

  /**
   * A locked note's text leaves the device only when the owner says so, every time; otherwise the built-in local
   * algorithms answer.
   */
  async function askOrLocal<T>(
    locked: boolean,
    which: 'tags' | 'insights',
    server: () => Promise<T>,
    local: () => T | Promise<T>,
  ) {
    if (locked) {
      const send = await new Promise<boolean>((resolve) => setAsking(() => resolve));
      setRunning(which);
      if (!send) return local();
    }
    setRunning(which);
    return serverOrLocal(server, local);
  }
  // The button pressed keeps the focus through the question and its busy state (disabled while it runs).
  const tagsButton = useRef<HTMLButtonElement>(null);
  const insightsButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef<HTMLButtonElement | null>(null);
  const done = (button: { current: HTMLButtonElement | null }) => {
    refocus.current = button.current;
    setRunning(null);
  };
  // Enabled again: the focus the busy state dropped goes back to the button.
  useEffect(() => {
    const button = refocus.current;
    if (running !== null || !button) return;
    refocus.current = null;
    return returnFocus(button);
  }, [running]);
  const answer = (send: boolean) => {
    asking?.(send);
    setAsking(null);
  };

  const suggest = async () => {
    if (!ctx.content.trim()) {
      toast({
        title: 'Cannot suggest tags',
        description: 'Please add some content to your note first.',
        variant: 'destructive',
      });
      return;
    }
    try {
      const content = ctx.content;
      const tags = await askOrLocal(
        ctx.locked,
        'tags',
        async () => (await api.suggestTags(content)).tags,
        // Offline, the owner's tags across local notes are the vocabulary to prefer (as the server does).
        async () => suggestTags(content, await ownerTags()),
      );
      if (tags.length === 0) {
        toast({
          title: 'No tags suggested',
          description: 'Try adding more content to your note for better tag suggestions.',
          variant: 'destructive',
        });
        return;
      }
      ctx.addTags(tags);
      toast({ title: 'Tags suggested', description: 'AI has suggested tags based on your note content.' });
    } catch (error) {
      toast(aiErrorToast('suggestTags', error));
    } finally {
      done(tagsButton);
    }
  };

  const extract = async () => {
    if (!ctx.content.trim()) {
      toast({
        title: 'Cannot extract insights',
        description: 'Please add some content to your note first.',
        variant: 'destructive',
      });
      return;
    }
    try {
      const content = ctx.content;
      const insights = await askOrLocal(
        ctx.locked,
        'insights',
        async () => (await api.extractInsights(content)).insights,
        () => extractInsights(content),
      );
      if (insights.length === 0) {
        toast({
          title: 'No insights found',
          description: 'Try adding more content to your note for better insight extraction.',
        });
        return;
      }
      ctx.setInsights(insights);
      toast({
        title: 'Insights extracted',
        description: 'AI has extracted key insights from your note content.',
      });
    } catch (error) {
      toast(aiErrorToast('extractInsights', error));
    } finally {
      done(insightsButton);
    }
  };

  return (
    <>
      <Button
        ref={tagsButton}
        size="sm"
        variant="outline"
        loading={running === 'tags'}
        disabled={ctx.loading || running === 'tags' || empty}
        onClick={() => void suggest()}
      >
        Suggest Tags
      </Button>
      <Button
        ref={insightsButton}
        size="sm"
        variant="outline"
        loading={running === 'insights'}
        disabled={ctx.loading || running === 'insights' || empty}
        onClick={() => void extract()}
      >
        Extract Insights
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={LOCKED_AI_TITLE}
        description={LOCKED_AI_QUESTION}
        confirmLabel="Send to the model"
        onCancel={() => answer(false)}
        onConfirm={() => answer(true)}
      />
    </>
  );
}
