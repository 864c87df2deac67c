// What the model is asked for each call. Each prompt states the exact JSON shape, because many
// OpenAI-compatible servers ignore response_format and only the instruction keeps them on track.
import type { AiOperation, ConceptMention } from '@private-notes/shared/ai';

/** Long notes are cut so they fit the context of small local models; the head carries most of a note. */
export const NOTE_PROMPT_MAX = 16_000;

const SYSTEM =
  'You are the study assistant inside Private Notes, a personal notes app. Work only from the text you are ' +
  'given unless asked to explain a concept. Reply with a single JSON object and nothing else: no code ' +
  'fences, no commentary.';

export interface Prompt {
  system: string;
  user: string;
  /** The shape, repeated when a malformed answer is retried. */
  shape: string;
}

function noteText(content: string): string {
  return content.length > NOTE_PROMPT_MAX
    ? `${content.slice(0, NOTE_PROMPT_MAX)}\n[…note truncated…]`
    : content;
}

function build(task: string, shape: string, body: string): Prompt {
  return {
    system: `${SYSTEM}\n\nAnswer with exactly this JSON shape: ${shape}`,
    user: `${task}\n\n${body}`,
    shape,
  };
}

export const prompts = {
  suggestTags(content: string, existingTags: readonly string[]): Prompt {
    const existing =
      existingTags.length > 0
        ? `Prefer these existing tags when they fit: ${existingTags.slice(0, 200).join(', ')}.`
        : '';
    return build(
      `Suggest up to 5 short topic tags (one or two lowercase words each) for this note. ${existing}`,
      '{"tags": ["tag", "..."]}',
      `Note:\n${noteText(content)}`,
    );
  },
  extractInsights(content: string): Prompt {
    return build(
      'Extract up to 5 key insights from this note: the lessons, reasons and conclusions it states, each one sentence.',
      '{"insights": ["one sentence", "..."]}',
      `Note:\n${noteText(content)}`,
    );
  },
  keyInsights(content: string): Prompt {
    return build(
      'List up to 7 key points a student should remember from this note, each one short sentence, in the order of the note.',
      '{"insights": ["one sentence", "..."]}',
      `Note:\n${noteText(content)}`,
    );
  },
  generateFlashcards(content: string): Prompt {
    return build(
      'Write up to 12 study flashcards from this note. Each question must be answerable from the note; keep answers short.',
      '{"flashcards": [{"question": "…?", "answer": "…"}]}',
      `Note:\n${noteText(content)}`,
    );
  },
  generateBlog(title: string, content: string, tags: readonly string[]): Prompt {
    return build(
      'Turn this private note into a blog post draft for a general reader: a clear title, a one or two sentence ' +
        'excerpt, and markdown content with a short introduction and sections under "## " headings. Keep the ' +
        "note's facts; do not invent new ones. Give up to 5 tags.",
      '{"title": "…", "excerpt": "…", "content": "markdown", "tags": ["…"]}',
      `Title: ${title}\nTags: ${tags.join(', ') || '(none)'}\n\nNote:\n${noteText(content)}`,
    );
  },
  explain(concept: string, mentions: readonly ConceptMention[]): Prompt {
    const context =
      mentions.length > 0
        ? `\n\nThe user's own notes say:\n${mentions.map((m) => `From "${m.title}":\n${m.sentences.map((s) => `- ${s}`).join('\n')}`).join('\n\n')}\n\nConnect the explanation to these notes where it helps.`
        : '';
    return build(
      'Explain this concept clearly for someone building their knowledge: what it is, why it matters, and an ' +
        `example, in two to four short paragraphs of plain text.\n\nConcept: ${concept}${context}`,
      '{"explanation": "…"}',
      '',
    );
  },
} satisfies Record<AiOperation, (...args: never[]) => Prompt>;
