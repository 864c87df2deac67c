// The markdown editor's keyboard rules for lists, task lists and quotes: Enter continues the item (numbers
// count up), Enter on an empty item ends the list, Tab / Shift+Tab nest and un-nest items. Pure text in,
// text out; the editor applies the result as one undoable edit.
import type { TextEdit } from './insert-markdown.ts';
import { FENCE, type LinePrefix, parsePrefix } from './markdown-line.ts';

/** The next item's marker: the same bullet, or the number after this one with the same delimiter. */
function nextMarker(marker: string): string {
  const ordered = /^(\d+)([.)])$/.exec(marker);
  return ordered ? `${Number(ordered[1]) + 1}${ordered[2]}` : marker;
}

interface Line {
  start: number;
  end: number;
  text: string;
}

function lineAt(value: string, offset: number): Line {
  const start = value.lastIndexOf('\n', offset - 1) + 1;
  const newline = value.indexOf('\n', offset);
  const end = newline === -1 ? value.length : newline;
  return { start, end, text: value.slice(start, end) };
}

/** True when `lineStart` lies inside a fenced code block (where `- ` is code, not a list). */
function insideFence(value: string, lineStart: number): boolean {
  let open: string | null = null;
  for (const line of value.slice(0, lineStart).split('\n')) {
    const fence = FENCE.exec(line)?.[1];
    if (!fence) continue;
    if (open === null) open = fence;
    else if (fence[0] === open[0] && fence.length >= open.length) open = null;
  }
  return open !== null;
}

function clampOffset(n: number, max: number): number {
  return Math.min(Math.max(0, Number.isFinite(n) ? Math.floor(n) : 0), max);
}

/**
 * Enter at `caret` in a list item, task item or quote: a new item after it (a fresh `[ ] ` for tasks, the
 * next number for ordered lists, the same quote depth). On an item with no text the list ends instead: the
 * marker goes, a blank line closes the list and the caret starts a new paragraph (still quoted inside a
 * quote). Null when Enter should just insert a line break (no list here, a selection, inside code).
 */
export function continueList(value: string, start: number, end: number): TextEdit | null {
  const caret = clampOffset(start, value.length);
  if (clampOffset(end, value.length) !== caret) return null;
  const line = lineAt(value, caret);
  const prefix = parsePrefix(line.text);
  if (!prefix || caret - line.start < prefix.length || insideFence(value, line.start)) return null;

  const rest = line.text.slice(prefix.length);
  if (rest.trim() === '' && caret === line.end) {
    // Ending: a list item inside a quote leaves the quote going; a bare quote line leaves the quote.
    const keep = prefix.marker && prefix.quote ? `${prefix.indent}${prefix.quote}` : '';
    const replacement = keep ? `${keep.trimEnd()}\n${keep}` : '\n';
    return {
      value: `${value.slice(0, line.start)}${replacement}${value.slice(line.end)}`,
      selectionStart: line.start + replacement.length,
      selectionEnd: line.start + replacement.length,
    };
  }

  const next = prefix.marker
    ? `${prefix.indent}${prefix.quote}${prefix.inner}${nextMarker(prefix.marker)}${prefix.space || ' '}${prefix.task ? '[ ] ' : ''}`
    : `${prefix.indent}${prefix.quote}`;
  const insert = `\n${next}`;
  return {
    value: `${value.slice(0, caret)}${insert}${value.slice(caret)}`,
    selectionStart: caret + insert.length,
    selectionEnd: caret + insert.length,
  };
}

interface ListLine extends Line {
  prefix: LinePrefix;
  /** Width of the leading whitespace (a tab counts as 4 columns, as markdown reads it). */
  column: number;
}

function column(indent: string): number {
  let width = 0;
  for (const ch of indent) width += ch === '\t' ? 4 - (width % 4) : 1;
  return width;
}

function listLine(value: string, offset: number): ListLine | null {
  const line = lineAt(value, offset);
  const prefix = parsePrefix(line.text);
  if (!prefix?.marker) return null;
  return { ...line, prefix, column: column(prefix.indent) };
}

/** The closest list item above `line` (skipping its own text lines), or null at the start of the list. */
function previousItem(value: string, line: Line, below: (item: ListLine) => boolean): ListLine | null {
  let start = line.start;
  while (start > 0) {
    const above = lineAt(value, start - 1);
    start = above.start;
    if (above.text.trim() === '') return null;
    const item = listLine(value, above.start);
    if (item && below(item)) return item;
  }
  return null;
}

/**
 * Tab (or Shift+Tab with `outdent`) on list items: the items touched by the selection move one level in
 * (under the item above, where markdown needs them) or out. Null when the caret is not in a list item, so
 * Tab keeps its usual meaning there (moving focus); inside a list an item that cannot move is left as is.
 */
export function indentListItems(
  value: string,
  start: number,
  end: number,
  outdent: boolean,
): TextEdit | null {
  const from = clampOffset(Math.min(start, end), value.length);
  const to = clampOffset(Math.max(start, end), value.length);
  const first = listLine(value, from);
  if (!first || insideFence(value, first.start)) return null;

  let delta: number;
  if (outdent) {
    // A top-level item has nowhere to go, but Shift+Tab still stays in the text (as Tab does in a list).
    if (first.column === 0) return { value, selectionStart: start, selectionEnd: end };
    const parent = previousItem(value, first, (item) => item.column < first.column);
    delta = (parent ? parent.column : 0) - first.column;
  } else {
    const sibling = previousItem(value, first, (item) => item.column <= first.column);
    // The first item of a list cannot nest under nothing: leave it (and keep Tab inside the editor).
    if (!sibling || sibling.column < first.column) return { value, selectionStart: start, selectionEnd: end };
    const content = sibling.column + sibling.prefix.marker.length + Math.max(1, sibling.prefix.space.length);
    delta = content - first.column;
  }

  // Every item line in the selection moves by the same amount (a whole sub-list keeps its shape).
  const blockEnd = lineAt(value, to).end;
  let shift = 0;
  let startShift = 0;
  let endShift = 0;
  let lineStart = first.start;
  const rewritten = value
    .slice(first.start, blockEnd)
    .split('\n')
    .map((text, i) => {
      const here = lineStart;
      lineStart += text.length + 1;
      const item = listLine(value, here);
      if (!item) return text;
      const target = Math.max(0, item.column + delta);
      let marker = item.prefix.marker;
      // An ordered item that starts a new nested list starts it at 1.
      if (!outdent && i === 0 && /^\d/.test(marker)) {
        const above = previousItem(value, first, (other) => other.column <= target);
        if (!above || above.column < target || !/^\d/.test(above.prefix.marker))
          marker = `1${marker.slice(-1)}`;
      }
      const { indent, quote, inner } = item.prefix;
      const oldHead = `${indent}${quote}${inner}${item.prefix.marker}`;
      const newHead = `${' '.repeat(target)}${quote}${inner}${marker}`;
      const moved = newHead.length - oldHead.length;
      if (here <= from) startShift = shift + moved;
      shift += moved;
      if (here <= to) endShift = shift;
      return newHead + text.slice(oldHead.length);
    })
    .join('\n');
  const next = value.slice(0, first.start) + rewritten + value.slice(blockEnd);
  const selectionStart = Math.max(first.start, from + startShift);
  const selectionEnd = Math.max(selectionStart, to + endShift);
  return { value: next, selectionStart, selectionEnd };
}
