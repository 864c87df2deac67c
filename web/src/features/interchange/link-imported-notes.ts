// Links between imported notes become [[wikilinks]]: a markdown link to another note of the same import (a
// Joplin or plain markdown export writes `[Text](../Folder/Other%20note.md)`) is rewritten to `[[Other note]]`
// (or `[[Other note|Text]]` when the text differs), so it opens that note here. Obsidian's own [[links]] already
// have that form and are kept as they are.
import { linkableTitle, titleKey } from '@private-notes/shared';
import { findLinks, resolveRelativePath } from '@private-notes/shared/interchange/file-links';
import type { ImportCandidate } from './import-types.ts';

const NOTE_FILE = /\.(md|markdown|txt)$/i;

function decoded(target: string): string {
  const path = target.replace(/[?#].*$/, '').replace(/\\/g, '/');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function linkImportedNotes(candidates: readonly ImportCandidate[]): void {
  const byPath = new Map<string, ImportCandidate>();
  for (const candidate of candidates) {
    if (candidate.origin) byPath.set(`${candidate.origin.vault}\u0000${candidate.origin.path}`, candidate);
  }
  for (const candidate of candidates) {
    const origin = candidate.origin;
    if (!origin || !candidate.note.content.includes('](')) continue;
    const content = candidate.note.content;
    let out = '';
    let at = 0;
    for (const link of findLinks(content)) {
      if (link.kind !== 'markdown' || link.embed) continue;
      const target = decoded(link.target.trim());
      if (!NOTE_FILE.test(target) || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
      const path = resolveRelativePath(origin.path, target);
      const linked = path === null ? undefined : byPath.get(`${origin.vault}\u0000${path}`);
      if (!linked) continue;
      const title = linkableTitle(linked.note.title);
      const text = link.text.trim();
      const label = text && titleKey(text) !== titleKey(title) ? `|${linkableTitle(text)}` : '';
      out += `${content.slice(at, link.start)}[[${title}${label}]]`;
      at = link.end;
    }
    if (at > 0) candidate.note.content = out + content.slice(at);
  }
}
