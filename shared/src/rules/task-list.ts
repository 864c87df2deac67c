// Task items (`- [ ] `, `1. [x] `, `> - [ ] `) found by their source line, so the viewer's boxes can be
// ticked one at a time, the right one even when two tasks read the same.
import { FENCE, parsePrefix } from './markdown-line.ts';

/** Line numbers (0-based) of the task items (`- [ ] `, `1. [x] `, `> - [ ] `), in order, outside code. */
export function taskLines(markdown: string): number[] {
  const lines = markdown.split('\n');
  const found: number[] = [];
  let fence: string | null = null;
  lines.forEach((line, index) => {
    const mark = FENCE.exec(line)?.[1];
    if (mark) {
      if (fence === null) fence = mark;
      else if (mark[0] === fence[0] && mark.length >= fence.length) fence = null;
      return;
    }
    if (fence !== null) return;
    const prefix = parsePrefix(line);
    if (prefix?.marker && prefix.task && line.slice(prefix.length).trim() !== '') found.push(index);
  });
  return found;
}

/** Whether the task on `line` is ticked. */
export function isTaskChecked(line: string): boolean {
  const prefix = parsePrefix(line);
  return Boolean(prefix?.task && /^\[[xX]\]/.test(prefix.task));
}

/**
 * Ticks (`checked`) or unticks the `index`-th task item (counting as taskLines does), changing only its box.
 * Null when there is no such task.
 */
export function setTask(markdown: string, index: number, checked: boolean): string | null {
  const lineNumber = taskLines(markdown)[index];
  if (lineNumber === undefined) return null;
  const lines = markdown.split('\n');
  const line = lines[lineNumber] ?? '';
  const prefix = parsePrefix(line);
  if (!prefix?.task) return null;
  const boxAt = prefix.length - prefix.task.length;
  lines[lineNumber] = `${line.slice(0, boxAt)}${checked ? '[x]' : '[ ]'}${line.slice(boxAt + 3)}`;
  return lines.join('\n');
}

/** Ticks an unticked task and unticks a ticked one; null when there is no such task. */
export function toggleTask(markdown: string, index: number): string | null {
  const lineNumber = taskLines(markdown)[index];
  if (lineNumber === undefined) return null;
  return setTask(markdown, index, !isTaskChecked(markdown.split('\n')[lineNumber] ?? ''));
}

/**
 * Whether two versions of a note have the same task items in the same order (ticks aside): then the n-th
 * task of one is the n-th task of the other, whatever else changed around them.
 */
export function sameTasks(a: string, b: string): boolean {
  const tasks = (markdown: string) => {
    const lines = markdown.split('\n');
    return taskLines(markdown).map((n) => (lines[n] ?? '').replace(/\[[ xX]\]/, '[ ]'));
  };
  const left = tasks(a);
  const right = tasks(b);
  return left.length === right.length && left.every((line, i) => line === right[i]);
}
