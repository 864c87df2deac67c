import { describe, expect, it } from 'vitest';
import { completeLink, linkInProgress } from './link-suggestion.ts';

describe('link suggestions', () => {
  it('finds the title being typed after an unclosed [[ on the same line', () => {
    expect(linkInProgress('See [[Cell re', 13)).toEqual({ start: 6, query: 'Cell re' });
    expect(linkInProgress('See [[', 6)).toEqual({ start: 6, query: '' });
    expect(linkInProgress('See [[Done]] now', 16)).toBeNull();
    expect(linkInProgress('[[a\nb', 5)).toBeNull();
    expect(linkInProgress('[[a|label', 9)).toBeNull();
  });

  it('completes with the closing brackets unless they are already there', () => {
    const typed = 'See [[Cell re and more';
    const link = linkInProgress(typed, 13)!;
    expect(completeLink(typed, 13, link, 'Cell respiration')).toEqual({
      value: 'See [[Cell respiration]] and more',
      caret: 24,
      inserted: 'Cell respiration]]',
    });
    expect(completeLink('[[Ce]]', 4, linkInProgress('[[Ce]]', 4)!, 'Cell').value).toBe('[[Cell]]');
  });
});
