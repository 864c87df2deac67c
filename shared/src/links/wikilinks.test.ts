import { describe, expect, it } from 'vitest';
import { linksToTitle, parseWikiLinks, renameWikiLinks, titleKey } from './wikilinks.ts';

describe('wikilinks', () => {
  it('parses titles, labels, headings and Obsidian paths', () => {
    const links = parseWikiLinks(
      'See [[Cell respiration]], [[Krebs cycle|the cycle]], [[Biology/ATP.md#Uses]] and [[ ]].',
    );
    expect(links.map(({ title, label, heading }) => ({ title, label, heading }))).toEqual([
      { title: 'Cell respiration', label: 'Cell respiration', heading: null },
      { title: 'Krebs cycle', label: 'the cycle', heading: null },
      { title: 'ATP', label: 'ATP', heading: 'Uses' },
    ]);
    expect(parseWikiLinks('no links [here]')).toEqual([]);
  });

  it('matches titles without regard to case, accents or spacing', () => {
    expect(titleKey('  Café   Notes ')).toBe('cafe notes');
    expect(linksToTitle('see [[cafe notes]]', 'Café Notes')).toBe(true);
    expect(linksToTitle('see [[cafe]]', 'Café Notes')).toBe(false);
  });

  it('rewrites links on rename, keeping labels and headings', () => {
    const text = 'A [[Old name]], B [[old NAME|custom]], C [[Old name#Part]], D [[Other]].';
    expect(renameWikiLinks(text, 'Old name', 'New name')).toBe(
      'A [[New name]], B [[New name|custom]], C [[New name#Part]], D [[Other]].',
    );
    expect(renameWikiLinks('nothing', 'Old', 'New')).toBe('nothing');
  });
});
