// Paste, drop or pick files into a markdown textarea: each file is stored (by `store`), and its markdown
// reference goes in at the cursor. A refused file (too large, empty) gets a clear toast and inserts nothing.
import { attachmentMarkdown } from '@private-notes/shared';
import { sealedAttachmentMarkdown } from '@private-notes/shared/vault/sealed-file-link';
import type { ClipboardEvent, DragEvent, RefObject } from 'react';
import { toast } from '../../ui/toast-store.ts';

export interface StoredFile {
  sha256: string;
  name: string;
  mime: string;
  /** A locked note's file: sealed with this key (base64url), which goes into its address's fragment. */
  key?: string;
}

interface Options {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Applies an edit to the current text (a function of the latest value, since storing takes a moment). */
  setContent(update: (current: string) => string): void;
  /** Stores one file and answers its metadata; throws an Error whose message is shown to the owner. */
  store(file: File): Promise<StoredFile>;
}

export function useFileInsertion({ textareaRef, setContent, store }: Options) {
  async function insertFiles(files: readonly File[]): Promise<void> {
    if (files.length === 0) return;
    const area = textareaRef.current;
    const start = area?.selectionStart ?? null;
    const end = area?.selectionEnd ?? null;
    const snippets: string[] = [];
    for (const file of files) {
      try {
        const stored = await store(file);
        snippets.push(
          stored.key === undefined
            ? attachmentMarkdown(stored)
            : sealedAttachmentMarkdown({ ...stored, key: stored.key }),
        );
      } catch (error) {
        toast({
          title: 'File not added',
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        });
      }
    }
    if (snippets.length === 0) return;
    const text = snippets.join('\n');
    let caret = 0;
    setContent((current) => {
      const from = Math.min(start ?? current.length, current.length);
      const to = Math.min(end ?? from, current.length);
      caret = from + text.length;
      return `${current.slice(0, from)}${text}${current.slice(to)}`;
    });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  }

  return {
    insertFiles,
    onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
      const files = [...event.clipboardData.files];
      if (files.length === 0) return; // plain text pastes as usual
      event.preventDefault();
      void insertFiles(files);
    },
    onDragOver(event: DragEvent<HTMLTextAreaElement>) {
      if (event.dataTransfer.types.includes('Files')) event.preventDefault();
    },
    onDrop(event: DragEvent<HTMLTextAreaElement>) {
      const files = [...event.dataTransfer.files];
      if (files.length === 0) return;
      event.preventDefault();
      void insertFiles(files);
    },
  };
}
