// The markdown editor's keys: Enter continues (or ends) lists, task lists and quotes; Tab / Shift+Tab nest
// list items; Ctrl/Cmd+B, I and K make bold, italic and a link. Listened for on the editor's wrapper in the
// capture phase, ahead of the editor library's own key handling (its list continuation never ends a list).
// Tab stays in the text only inside a list; Escape then Tab always leaves the editor.
import { continueList, indentListItems, insertMarkdown, type MarkdownAction } from '@private-notes/shared';
import { type RefObject, useEffect } from 'react';
import { applyTextEdit } from './apply-text-edit.ts';

const FORMAT_KEYS: Record<string, MarkdownAction> = { b: 'bold', i: 'italic', k: 'link' };

/** What the keys do, for the textarea's accessible description. */
export const MARKDOWN_KEYS_HELP =
  'Enter continues a list, Tab and Shift+Tab indent and outdent list items, Ctrl+B bold, Ctrl+I italic, ' +
  'Ctrl+K link, Ctrl+S save. Press Escape, then Tab, to leave the editor.';

export function useMarkdownKeys(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    // After Escape, the next Tab leaves the editor even inside a list.
    let escaped = false;
    const onKeyDown = (event: KeyboardEvent) => {
      const textarea = event.target;
      if (!(textarea instanceof HTMLTextAreaElement) || event.isComposing || event.defaultPrevented) return;
      const wasEscaped = escaped;
      escaped = event.key === 'Escape';
      const mod = event.ctrlKey || event.metaKey;
      const { value, selectionStart, selectionEnd } = textarea;
      let edit = null;
      if (event.key === 'Tab' && !mod && !event.altKey) {
        if (wasEscaped) return;
        edit = indentListItems(value, selectionStart, selectionEnd, event.shiftKey);
      } else if (event.key === 'Enter' && !mod && !event.altKey && !event.shiftKey) {
        // The library's own Enter handling would add a marker even on an empty item: it never sees Enter.
        event.stopPropagation();
        edit = continueList(value, selectionStart, selectionEnd);
      } else if (mod && !event.altKey && !event.shiftKey && FORMAT_KEYS[event.key.toLowerCase()]) {
        const action = FORMAT_KEYS[event.key.toLowerCase()] as MarkdownAction;
        edit = insertMarkdown(value, selectionStart, selectionEnd, action);
      }
      if (!edit) return;
      event.preventDefault();
      event.stopPropagation();
      applyTextEdit(textarea, edit);
    };
    root.addEventListener('keydown', onKeyDown, true);
    return () => root.removeEventListener('keydown', onKeyDown, true);
  }, [container]);
}
