import { describe, expect, it } from 'vitest';
import { diffSummary, revisionDiff } from './revision-diff.ts';

describe('revisionDiff', () => {
  it('marks added and removed lines against the revision', () => {
    const diff = revisionDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(diff.rows).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
    expect([diff.added, diff.removed]).toEqual([2, 1]);
    expect(diffSummary(diff)).toBe('2 lines added, 1 removed since this version');
  });

  it('folds long unchanged stretches to three lines of context on each side', () => {
    const base = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const changed = [...base];
    changed[10] = 'changed';
    const diff = revisionDiff(base.join('\n'), changed.join('\n'));
    expect(diff.rows[0]).toEqual({ kind: 'fold', hidden: 7 });
    expect(diff.rows.filter((r) => r.kind === 'same')).toHaveLength(6);
    expect(diff.rows.at(-1)).toEqual({ kind: 'fold', hidden: 6 });
  });

  it('says so when nothing differs, and handles empty texts', () => {
    expect(diffSummary(revisionDiff('same\n', 'same\n'))).toBe('No differences from the current text');
    expect(revisionDiff('same', 'same').rows).toEqual([{ kind: 'fold', hidden: 1 }]);
    expect(revisionDiff('', 'new').rows).toEqual([{ kind: 'added', text: 'new' }]);
    expect(diffSummary({ added: 0, removed: 1 })).toBe('1 line removed since this version');
  });
});
