// How many tags a card shows and how many hide behind '+N' (note card: 3, blog card: 2 with '+N more').

export const NOTE_CARD_TAGS = 3;
export const BLOG_CARD_TAGS = 2;

export interface VisibleTags {
  shown: string[];
  /** How many tags are hidden; 0 when all fit. */
  rest: number;
}

export function visibleTags(tags: readonly string[], max: number): VisibleTags {
  const limit = Math.max(0, Math.floor(max));
  return { shown: tags.slice(0, limit), rest: Math.max(0, tags.length - limit) };
}
