import { describe, expect, it } from 'vitest';
import { isTaskChecked, sameTasks, setTask, taskLines, toggleTask } from './task-list.ts';

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

describe('setTask and sameTasks', () => {
  it('sets a box to the wanted state, whatever it was', () => {
    expect(setTask('- [ ] a\n- [x] b', 1, true)).toBe('- [ ] a\n- [x] b');
    expect(setTask('- [ ] a\n- [x] b', 1, false)).toBe('- [ ] a\n- [ ] b');
    expect(setTask('- [ ] a', 0, true)).toBe('- [x] a');
    expect(setTask('- [ ] a', 1, true)).toBeNull();
  });

  it('sees the same tasks across ticks and edits elsewhere, not across added, removed or edited tasks', () => {
    const note = '# List\n\n- [ ] a\n- [x] b';
    expect(sameTasks(note, '# List\n\n- [x] a\n- [ ] b')).toBe(true);
    expect(sameTasks(note, '# Renamed\n\nIntro.\n\n- [ ] a\n- [x] b')).toBe(true);
    expect(sameTasks(note, '- [ ] new\n- [ ] a\n- [x] b')).toBe(false);
    expect(sameTasks(note, '- [ ] a')).toBe(false);
    expect(sameTasks(note, '- [ ] a\n- [x] b, edited')).toBe(false);
  });
});
