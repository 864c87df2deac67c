// How a markdown line starts: its indent, quote markers, list marker and task box. Shared by the editor's
// list keys (list-editing.ts) and the viewer's task boxes (task-list.ts), which must agree on what a list
// item is.

/** A line's structure: `indent` `quote` `inner` `marker` `space` `task`, then the item's own text. */
export interface LinePrefix {
  indent: string;
  /** Block quote markers (`> `, `>> `…), empty when the line is not quoted. */
  quote: string;
  inner: string;
  /** `-`, `*`, `+`, or a number with its `.` / `)`; empty for a plain quote line. */
  marker: string;
  space: string;
  /** `[ ] ` / `[x] ` of a task item, empty otherwise. */
  task: string;
  /** Everything before the item's text. */
  length: number;
}

const ITEM = /^([ \t]*)((?:>[ \t]?)*)([ \t]*)([-*+]|\d{1,9}[.)])([ \t]+)?(\[[ xX]\](?:[ \t]+|$))?/;
const QUOTE = /^([ \t]*)((?:>[ \t]?)+)/;
export const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export function parsePrefix(line: string): LinePrefix | null {
  const item = ITEM.exec(line);
  // `-` alone is not an item yet (it may become `---`, a rule): a marker needs a space after it.
  if (item?.[5]) {
    const [all, indent = '', quote = '', inner = '', marker = '', space = '', task = ''] = item;
    return { indent, quote, inner, marker, space, task, length: all.length };
  }
  const quote = QUOTE.exec(line);
  if (quote) {
    const [all, indent = '', marks = ''] = quote;
    return { indent, quote: marks, inner: '', marker: '', space: '', task: '', length: all.length };
  }
  return null;
}
