// A fast reader for the front matter most files carry: `key: value` lines and `- item` lists, values plain or
// quoted. The general YAML reader costs about half a millisecond a file, which is most of a 10,000-note import;
// anything this reader is not sure about (comments, flow lists, nesting, anchors, block scalars) returns null
// and the caller uses the general reader, so the result never differs for what it accepts.

const KEY = /^([A-Za-z_][A-Za-z0-9_?-]*):(?: (.*))?$/;
const ITEM = /^ {0,4}- (.*)$/;

/** What the YAML 1.2 core schema reads, or UNSURE when only the general reader should decide. */
const UNSURE = Symbol('unsure');

function scalar(raw: string): unknown {
  const text = raw.trim();
  if (text === '') return UNSURE;
  if (text.startsWith('"')) {
    // A JSON string is a YAML double-quoted scalar; YAML-only escapes (\x, \a…) go to the general reader.
    if (!text.endsWith('"') || text.length < 2 || /\\[^"\\/bfnrtu]/.test(text)) return UNSURE;
    try {
      return JSON.parse(text) as string;
    } catch {
      return UNSURE;
    }
  }
  if (text.startsWith("'")) {
    if (!text.endsWith("'") || text.length < 2) return UNSURE;
    const inner = text.slice(1, -1);
    if (inner.replace(/''/g, '').includes("'")) return UNSURE;
    return inner.replace(/''/g, "'");
  }
  if (/^[-+]?[0-9]+$/.test(text) || /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(text)) {
    return Number(text);
  }
  // Plain scalars: refuse anything with YAML meaning (indicators, comments, flow collections, aliases, tags).
  if (/^[-?:,[\]{}#&*!|>%@`]/.test(text) || / #/.test(text) || /: /.test(text) || /[[\]{}]/.test(text))
    return UNSURE;
  if (/^(true|True|TRUE)$/.test(text)) return true;
  if (/^(false|False|FALSE)$/.test(text)) return false;
  if (/^(null|Null|NULL|~)$/.test(text)) return null;
  // Hex, octal, infinities: rare enough to leave to the general reader.
  if (/^([-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)|0x[0-9a-fA-F]+|0o[0-7]+)$/.test(text)) return UNSURE;
  return text;
}

export function parseSimpleFrontMatter(block: string): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  const openLists = new Set<string>();
  let listKey: string | null = null;
  for (const line of block.split('\n')) {
    if (line.trim() === '') continue;
    const item = ITEM.exec(line);
    if (item && listKey !== null) {
      const value = scalar(item[1]!);
      if (value === UNSURE) return null;
      (out[listKey] as unknown[]).push(value);
      openLists.delete(listKey);
      continue;
    }
    const key = KEY.exec(line);
    if (!key) return null;
    const name = key[1]!;
    if (name in out) return null; // a repeated key: let the general reader report it
    const rawValue = key[2] ?? '';
    if (rawValue.trim() === '') {
      out[name] = [];
      listKey = name;
      openLists.add(name);
      continue;
    }
    listKey = null;
    if (rawValue.trim() === '[]') {
      out[name] = [];
      continue;
    }
    const value = scalar(rawValue);
    if (value === UNSURE) return null;
    out[name] = value;
  }
  // A key with nothing after it and no items is null in YAML, not an empty list.
  for (const name of openLists) out[name] = null;
  return out;
}
