// Puts a TextEdit into a textarea as one native edit, so Ctrl+Z undoes exactly it and the editor's onChange
// sees it: only the changed middle of the text is replaced, through the browser's insertText command.
import type { TextEdit } from '@private-notes/shared';

export function applyTextEdit(textarea: HTMLTextAreaElement, edit: TextEdit): void {
  const before = textarea.value;
  const after = edit.value;
  if (before !== after) {
    let head = 0;
    const shortest = Math.min(before.length, after.length);
    while (head < shortest && before[head] === after[head]) head++;
    let tail = 0;
    while (tail < shortest - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) {
      tail++;
    }
    const middle = after.slice(head, after.length - tail);
    textarea.focus();
    textarea.setSelectionRange(head, before.length - tail);
    // execCommand is the one way to edit a textarea that joins the browser's undo history; where it is
    // missing (or refuses), setRangeText still changes the text and an input event tells React.
    const done = middle
      ? document.execCommand?.('insertText', false, middle)
      : document.execCommand?.('delete', false);
    if (!done || textarea.value !== after) {
      textarea.value = before;
      textarea.setRangeText(middle, head, before.length - tail, 'end');
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
}
