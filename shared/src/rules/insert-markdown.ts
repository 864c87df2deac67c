// The editor toolbar's markdown insertion at the cursor (SPEC section 2): bold, italic, heading, lists; and
// the link of Ctrl/Cmd+K.

export type MarkdownAction = 'bold' | 'italic' | 'heading' | 'bullet-list' | 'numbered-list' | 'link';

export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

const WRAP: Record<'bold' | 'italic', { mark: string; placeholder: string }> = {
  bold: { mark: '**', placeholder: 'bold text' },
  italic: { mark: '*', placeholder: 'italic text' },
};

/**
 * Applies the action to the selection [start, end) of `value`. Bold and italic wrap the selection (or a
 * placeholder, left selected so typing replaces it); heading and lists prefix every selected line; link
 * wraps the selection as the link text and selects the address to type.
 */
export function insertMarkdown(value: string, start: number, end: number, action: MarkdownAction): TextEdit {
  const from = clamp(Math.min(start, end), value.length);
  const to = clamp(Math.max(start, end), value.length);
  if (action === 'bold' || action === 'italic') {
    const { mark, placeholder } = WRAP[action];
    const inner = value.slice(from, to) || placeholder;
    return {
      value: `${value.slice(0, from)}${mark}${inner}${mark}${value.slice(to)}`,
      selectionStart: from + mark.length,
      selectionEnd: from + mark.length + inner.length,
    };
  }
  if (action === 'link') {
    // The selection becomes the link's text and `url` is selected, so typing the address replaces it.
    const text = value.slice(from, to) || 'link text';
    const head = `${value.slice(0, from)}[${text}](`;
    return {
      value: `${head}url)${value.slice(to)}`,
      selectionStart: head.length,
      selectionEnd: head.length + 3,
    };
  }
  const lineStart = value.lastIndexOf('\n', from - 1) + 1;
  const lines = value.slice(lineStart, to).split('\n');
  const prefixed = lines.map((line, i) => {
    if (action === 'heading') return i === 0 ? `## ${line.replace(/^#{1,6}\s+/, '')}` : line;
    if (action === 'bullet-list') return `- ${line}`;
    return `${i + 1}. ${line}`;
  });
  const block = prefixed.join('\n');
  const replaced = `${value.slice(0, lineStart)}${block}${value.slice(to)}`;
  return {
    value: replaced,
    selectionStart: lineStart + block.length,
    selectionEnd: lineStart + block.length,
  };
}

function clamp(n: number, max: number): number {
  return Math.min(Math.max(0, Number.isFinite(n) ? Math.floor(n) : 0), max);
}
