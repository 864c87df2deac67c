// Two versions of a note side by side: each version's lines in order, those the other version lacks marked, so
// the compare view of a conflict can point at what differs without folding anything away.
import { diffLines } from 'diff';

export interface CompareLine {
  text: string;
  /** Not in the other version (changed, added, or the other side removed it). */
  changed: boolean;
}

export interface ComparedVersions {
  left: CompareLine[];
  right: CompareLine[];
}

function linesOf(value: string): string[] {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

export function compareLines(left: string, right: string): ComparedVersions {
  const out: ComparedVersions = { left: [], right: [] };
  // Ended and LF-only, so a missing final newline or CRLF endings do not mark every line.
  const clean = (text: string) => {
    const lf = text.replaceAll('\r\n', '\n');
    return lf === '' || lf.endsWith('\n') ? lf : `${lf}\n`;
  };
  for (const change of diffLines(clean(left), clean(right))) {
    for (const text of linesOf(change.value)) {
      if (!change.added) out.left.push({ text, changed: !!change.removed });
      if (!change.removed) out.right.push({ text, changed: !!change.added });
    }
  }
  return out;
}
