import { describe, expect, it } from 'vitest';
import { exportWikiLinks, linksToTitle, parseWikiLinks, renameWikiLinks, titleKey } from './wikilinks.ts';

describe('wikilinks', () => {
  it('parses titles, labels, headings and Obsidian paths', () => {
    const links = parseWikiLinks(
      'See [[Cell respiration]], [[Krebs cycle|the cycle]], [[Biology/ATP.md#Uses]] and [[ ]].',
    );
    expect(links.map(({ title, name, label, heading }) => ({ title, name, label, heading }))).toEqual([
      { title: 'Cell respiration', name: 'Cell respiration', label: 'Cell respiration', heading: null },
      { title: 'Krebs cycle', name: 'Krebs cycle', label: 'the cycle', heading: null },
      { title: 'Biology/ATP', name: 'ATP', label: 'ATP', heading: 'Uses' },
    ]);
    expect(linksToTitle('[[Biology/ATP]]', 'atp')).toBe(true);
    expect(linksToTitle('[[Pros/cons]]', 'Pros/cons')).toBe(true);
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

describe('exportWikiLinks', () => {
  it('points links at file names that differ from titles, keeping the title as the label', () => {
    const files = new Map([
      ['a/b', 'a-b'],
      ['plan', 'Plan (2)'],
      ['same', 'Same'],
    ]);
    const fileOf = (title: string) => files.get(title.toLowerCase());
    expect(exportWikiLinks('[[A/B]] [[plan#Goals|goals]] [[Same]] [[Nowhere]]', fileOf)).toBe(
      '[[a-b|A/B]] [[Plan (2)#Goals|goals]] [[Same]] [[Nowhere]]',
    );
  });
});
