// The notices above the editor's fields: a restored draft ("Restored your unsaved changes from 14:02" with
// Discard), and what happened to the note elsewhere while it was open (another tab or another device):
// merged into the unsaved text, changes that overlap (both will be kept), or the note deleted (keep a copy).
import { Button, Text } from '@chakra-ui/react';
import { restoredDraftText } from '@private-notes/shared';
import { NoteNotice as Notice } from '../NoteNotice.tsx';
import type { RemoteChange } from './use-remote-note.ts';

export function RestoredDraftNotice({ savedAt, onDiscard }: { savedAt: string; onDiscard(): void }) {
  return (
    <Notice testId="restored-draft" tone="blue">
      <Text fontSize="sm">{restoredDraftText(new Date(savedAt), new Date())}</Text>
      <Button size="sm" variant="outline" onClick={onDiscard}>
        Discard
      </Button>
    </Notice>
  );
}

export const REMOTE_CHANGE_TEXT: Record<RemoteChange, string> = {
  updated: 'This note was updated in another tab or on another device.',
  merged: 'Merged a change made in another tab or on another device into your text.',
  overlap:
    'This note changed in another tab or on another device where you are editing too. Your text is kept: saving keeps both versions.',
  deleted: 'This note was deleted in another tab or on another device. Your text is still here.',
};

export function RemoteChangeNotice({ change, onKeepCopy }: { change: RemoteChange; onKeepCopy(): void }) {
  return (
    <Notice
      testId="editor-remote-notice"
      tone={change === 'updated' || change === 'merged' ? 'blue' : 'orange'}
    >
      <Text fontSize="sm">{REMOTE_CHANGE_TEXT[change]}</Text>
      {change === 'deleted' ? (
        <Button size="sm" variant="outline" onClick={onKeepCopy}>
          Keep a copy
        </Button>
      ) : null}
    </Notice>
  );
}
