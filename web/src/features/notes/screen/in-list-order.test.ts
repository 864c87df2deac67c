import { sortNotes } from '@private-notes/shared';
import { describe, expect, it } from 'vitest';
import type { LocalNote } from '../../../db/types.ts';
import { inListOrder } from './in-list-order.ts';

const note = (id: string, updatedAt: string) => ({ id, title: id, updatedAt }) as LocalNote;

describe('inListOrder', () => {
  it('orders the first cards as the full list will: newest first, equal times by id', () => {
    const same = '2026-11-27T10:00:00.000Z';
    // As the updatedAt index read backwards gives them: equal times in descending id order.
    const firstPage = [note('s3', same), note('s2', same), note('s1', '2026-11-27T09:00:00.000Z')];
    // The full read comes in id order; its sort is stable.
    const fullList = sortNotes([...firstPage].reverse(), 'updated-desc');
    expect(inListOrder(firstPage).map((n) => n.id)).toEqual(fullList.map((n) => n.id));
    expect(inListOrder(firstPage).map((n) => n.id)).toEqual(['s2', 's3', 's1']);
  });
});
