import { describe, expect, it } from 'vitest';
import { fixture, loadFixtures, wordsOf } from './fixtures/load-fixtures.ts';
import { suggestTags } from './suggest-tags.ts';

describe('suggestTags', () => {
  it('gives no tags for empty or blank content', () => {
    expect(suggestTags('')).toEqual([]);
    expect(suggestTags('   \n\t ')).toEqual([]);
  });

  it.each(loadFixtures().map((f) => [f.name, f] as const))('suggests words of the note for %s', (_, note) => {
    const tags = suggestTags(note.content);
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.length).toBeLessThanOrEqual(5);
    const words = wordsOf(note.content);
    for (const tag of tags) {
      expect(tag).toBe(tag.toLowerCase());
      // A phrase tag is joined by a hyphen; every part is a word of the note.
      for (const part of tag.split('-')) expect(words.has(part), `${tag} in ${note.name}`).toBe(true);
    }
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('finds the subject of each note, phrases included', () => {
    expect(suggestTags(fixture('spaced-repetition').content)).toContain('spaced-repetition');
    expect(suggestTags(fixture('tcp-congestion-control').content)).toContain('congestion-control');
    expect(suggestTags(fixture('zettelkasten').content)).toContain('zettelkasten');
    expect(suggestTags(fixture('sourdough').content)).toContain('dough');
  });

  it('puts the owner’s existing tags that occur in the note first, spelled as the owner spells them', () => {
    const tags = suggestTags(fixture('tcp-congestion-control').content, [
      'Baking',
      'TCP',
      'Congestion Control',
    ]);
    expect(tags.slice(0, 2).sort()).toEqual(['Congestion Control', 'TCP']);
    expect(tags).not.toContain('Baking');
    expect(tags).not.toContain('tcp');
    expect(tags).not.toContain('congestion-control');
  });

  it('matches a multi-word existing tag written with a hyphen or a space', () => {
    const content = fixture('spaced-repetition').content;
    expect(suggestTags(content, ['Spaced Repetition'])[0]).toBe('Spaced Repetition');
    expect(suggestTags(content, ['forgetting-curve'])[0]).toBe('forgetting-curve');
    // The owner's tag already covers the phrase; it is not suggested a second time in another spelling.
    expect(suggestTags(content, ['Spaced Repetition'])).not.toContain('spaced-repetition');
  });

  it('ignores an existing tag mentioned only in passing in a long note', () => {
    expect(suggestTags(fixture('zettelkasten').content, ['TCP'])).not.toContain('TCP');
    // "Notes from the networking course" is context, not the subject.
    expect(suggestTags(fixture('tcp-congestion-control').content, ['networking'])).not.toContain(
      'networking',
    );
    // In a short note every mention counts.
    expect(suggestTags('Reading about TCP today.', ['TCP'])).toEqual(['TCP', 'reading']);
  });

  it('never suggests stopwords, numbers or words from code blocks', () => {
    const tags = suggestTags(
      'Kubernetes schedules pods. Kubernetes restarts failed pods.\n\n```yaml\nreplicas: 3\nreplicas: 4\nreplicas: 5\n```\n\nThe 2024 2024 2024 rollout used kubernetes.',
    );
    expect(tags).toContain('kubernetes');
    expect(tags).not.toContain('replicas');
    expect(tags).not.toContain('2024');
    expect(tags).not.toContain('the');
  });

  it('respects the limit', () => {
    expect(suggestTags(fixture('spaced-repetition').content, [], 2)).toHaveLength(2);
  });
});
