import { describe, expect, it } from 'vitest';
import { isTaskChecked, taskLines, toggleTask } from './task-list.ts';

describe('task lines', () => {
  const note = [
    '- [ ] milk', // 0
    '- [x] bread', // 1
    '```', // 2
    '- [ ] not a task, code', // 3
    '```', // 4
    '> - [X] quoted', // 5
    '- [ ] milk', // 6 (same text as line 0)
    '- [ ]', // 7 (no text: not rendered as a task)
    '1. [ ] numbered', // 8
  ].join('\n');

  it('finds task items in order, outside code blocks', () => {
    expect(taskLines(note)).toEqual([0, 1, 5, 6, 8]);
  });

  it('toggles exactly the indexed task, duplicates included', () => {
    const once = toggleTask(note, 3);
    expect(once?.split('\n')[6]).toBe('- [x] milk');
    expect(once?.split('\n')[0]).toBe('- [ ] milk');
    expect(toggleTask(once ?? '', 3)).toBe(note);
    expect(toggleTask(note, 2)?.split('\n')[5]).toBe('> - [ ] quoted');
    expect(toggleTask(note, 1)?.split('\n')[1]).toBe('- [ ] bread');
  });

  it('changes nothing else and refuses an index with no task', () => {
    const toggled = toggleTask(note, 0) ?? '';
    expect(toggled.length).toBe(note.length);
    expect(toggled.split('\n').filter((line, i) => line !== note.split('\n')[i])).toEqual(['- [x] milk']);
    expect(toggleTask(note, 5)).toBeNull();
    expect(toggleTask(note, -1)).toBeNull();
  });

  it('reads the box state', () => {
    expect(isTaskChecked('- [x] a')).toBe(true);
    expect(isTaskChecked('  * [X] a')).toBe(true);
    expect(isTaskChecked('- [ ] a')).toBe(false);
    expect(isTaskChecked('plain')).toBe(false);
  });
});
