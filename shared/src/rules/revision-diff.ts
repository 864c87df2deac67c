// How a revision is shown against the current text: line by line, changed lines marked, long unchanged stretches
// folded to a few lines of context, and a one-line summary. Pure (the `diff` package does the comparing).
import { diffLines } from 'diff';

export const DIFF_CONTEXT_LINES = 3;

export type DiffLineKind = 'added' | 'removed' | 'same';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
}

/** A run of lines to show, or a fold standing for `hidden` unchanged lines. */
export type DiffRow = DiffLine | { kind: 'fold'; hidden: number };

export interface RevisionDiff {
  rows: DiffRow[];
  added: number;
  removed: number;
}

function splitLines(value: string): string[] {
  const lines = value.split('\n');
  // diffLines keeps each line's newline; the last element after the final newline is empty.
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** `before` is the revision's text, `after` the current one: added lines are what changed since. */
export function revisionDiff(before: string, after: string, context = DIFF_CONTEXT_LINES): RevisionDiff {
  const lines: DiffLine[] = [];
  // A last line without its newline would otherwise differ from the same line with one.
  const ended = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
  for (const change of diffLines(ended(before), ended(after))) {
    const kind: DiffLineKind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    for (const text of splitLines(change.value)) lines.push({ kind, text });
  }
  const added = lines.filter((l) => l.kind === 'added').length;
  const removed = lines.filter((l) => l.kind === 'removed').length;
  return { rows: foldUnchanged(lines, context), added, removed };
}

/** Keeps `context` unchanged lines on either side of a change; longer unchanged runs become one fold. */
function foldUnchanged(lines: readonly DiffLine[], context: number): DiffRow[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let i = Math.max(0, index - context); i <= Math.min(lines.length - 1, index + context); i++) {
      near[i] = true;
    }
  });
  const rows: DiffRow[] = [];
  let hidden = 0;
  lines.forEach((line, index) => {
    if (near[index]) {
      if (hidden > 0) rows.push({ kind: 'fold', hidden });
      hidden = 0;
      rows.push(line);
    } else {
      hidden++;
    }
  });
  if (hidden > 0) rows.push({ kind: 'fold', hidden });
  return rows;
}

/** "2 lines added, 1 removed", or "No differences from the current text". */
export function diffSummary(diff: Pick<RevisionDiff, 'added' | 'removed'>): string {
  if (diff.added === 0 && diff.removed === 0) return 'No differences from the current text';
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts: string[] = [];
  if (diff.added > 0) parts.push(`${plural(diff.added, 'line')} added`);
  if (diff.removed > 0)
    parts.push(parts.length > 0 ? `${diff.removed} removed` : `${plural(diff.removed, 'line')} removed`);
  return `${parts.join(', ')} since this version`;
}
