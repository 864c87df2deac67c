// The task items of a note as the viewer's boxes need them: label and state of each, in source order (the
// index a tick changes). Its own chunk, loaded by useTaskBoxes only for a note with tasks.
import { isTaskChecked, stripMarkdown, taskLines } from '@private-notes/shared';

export interface TaskBoxes {
  labels: string[];
  checked: boolean[];
}

export function findTasks(markdown: string): TaskBoxes {
  const lines = markdown.split('\n');
  const found = taskLines(markdown).map((n) => lines[n] ?? '');
  return {
    labels: found.map((line) => stripMarkdown(line).replace(/\s+/g, ' ').trim()),
    checked: found.map(isTaskChecked),
  };
}
