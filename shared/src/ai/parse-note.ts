// Reads a markdown note into the structure the local AI algorithms reason about: sections under headings,
// sentences in reading order, and the terms the author emphasised. Code blocks and tables are left out:
// they are not prose, and a sentence ranker that picks a line of code as a "key point" looks broken.
import { stripInlineMarkdown } from '../rules/strip-markdown.ts';
import { splitSentences } from './split-sentences.ts';

export interface NoteSection {
  /** Heading text without markup, or null for the text before the first heading. */
  heading: string | null;
  level: number;
  index: number;
}

export interface NoteSentence {
  text: string;
  /** Position in the note, 0-based, reading order. */
  index: number;
  section: number;
  /** True for a list item (often a fragment, not a full sentence). */
  fromList: boolean;
  /** The block's raw markdown line, kept so definition patterns can see emphasis and colons. */
  raw: string;
  /** Position of the sentence within its paragraph or list item. */
  positionInBlock: number;
}

export interface EmphasisedTerm {
  term: string;
  section: number;
  /** Index of the sentence the term appears in. */
  sentence: number;
}

export interface ParsedNote {
  sections: NoteSection[];
  sentences: NoteSentence[];
  emphasised: EmphasisedTerm[];
}

const FENCE = /^ {0,3}(```|~~~)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const RULE = /^ {0,3}([-*_])( *\1){2,} *$/;
const REFERENCE = /^ {0,3}\[[^\]]+\]:\s+\S/;
const LABEL_LINE = /^(\*\*|__)[^*_\n]{1,60}?(:\1|\1\s*:)/;
const BOLD = /\*\*([^*\n]+?)\*\*|__([^_\n]+?)__/g;

export function parseNote(content: string): ParsedNote {
  const sections: NoteSection[] = [{ heading: null, level: 0, index: 0 }];
  const sentences: NoteSentence[] = [];
  const emphasised: EmphasisedTerm[] = [];
  let paragraph: string[] = [];
  let inFence = false;

  const addBlock = (raw: string, fromList: boolean) => {
    const section = sections.length - 1;
    const bold = [...raw.matchAll(BOLD)]
      .map((m) => cleanInline(m[1] ?? m[2] ?? '').replace(/[\s:;,.—–-]+$/, ''))
      .filter(Boolean);
    const parts = splitSentences(cleanInline(raw));
    parts.forEach((text, position) => {
      const index = sentences.length;
      sentences.push({ text, index, section, fromList, raw, positionInBlock: position });
      for (const term of bold) {
        if (text.includes(term)) emphasised.push({ term, section, sentence: index });
      }
    });
  };
  const flush = () => {
    if (paragraph.length > 0) addBlock(paragraph.join(' '), false);
    paragraph = [];
  };

  for (const line of content.split(/\r\n?|\n/)) {
    if (FENCE.test(line)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const text = cleanInline(heading[2] ?? '');
      if (text) sections.push({ heading: text, level: heading[1]?.length ?? 1, index: sections.length });
      continue;
    }
    if (line.trim() === '' || RULE.test(line) || REFERENCE.test(line) || TABLE_ROW.test(line)) {
      flush();
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      addBlock(item[1] ?? '', true);
      continue;
    }
    const text = line.replace(/^(\s{0,3}>\s?)+/, '').trim();
    // "**Date:** 14 March" lines are fields, not one run-on paragraph, even without blank lines between them.
    if (LABEL_LINE.test(text)) {
      flush();
      addBlock(text, false);
      continue;
    }
    paragraph.push(text);
  }
  flush();
  return { sections, sentences, emphasised };
}

/** Inline markup removed and whitespace collapsed: the text a reader sees. */
export function cleanInline(text: string): string {
  return stripInlineMarkdown(text).replace(/\s+/g, ' ').trim();
}
