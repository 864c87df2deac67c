// Where a [[link]] is being typed: the text between an unclosed "[[" and the caret, on one line.
export interface LinkInProgress {
  /** Offset of the first character after "[[". */
  start: number;
  /** What has been typed of the title so far. */
  query: string;
}

const MAX_QUERY = 120;

export function linkInProgress(text: string, caret: number): LinkInProgress | null {
  const before = text.slice(Math.max(0, caret - MAX_QUERY - 2), caret);
  const open = before.lastIndexOf('[[');
  if (open === -1) return null;
  const query = before.slice(open + 2);
  if (/[\]\n|[]/.test(query)) return null;
  return { start: caret - query.length, query };
}

/** The text with the typed part replaced by `title]]` (or just `title` when "]]" already follows the caret). */
export function completeLink(
  text: string,
  caret: number,
  link: LinkInProgress,
  title: string,
): { value: string; caret: number; inserted: string } {
  const closed = text.startsWith(']]', caret);
  const inserted = closed ? title : `${title}]]`;
  const value = text.slice(0, link.start) + inserted + text.slice(caret);
  return { value, caret: link.start + inserted.length + (closed ? 2 : 0), inserted };
}
