import { describe, expect, it } from 'vitest';
import type { LocalNote } from '../../db/types.ts';
import type { NoteCardProps } from './NoteCard.tsx';
import { sameCardProps } from './same-card-props.ts';

const row: LocalNote = {
  id: 'n1',
  serverId: 4,
  version: 2,
  title: 'Groceries',
  content: 'Milk and bread.',
  tags: ['home', 'list'],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  deleted: 0,
  syncState: 'synced',
  syncError: null,
};
const open = () => {};
const props = (note: LocalNote, overrides: Partial<NoteCardProps> = {}): NoteCardProps => ({
  note,
  converting: false,
  canStudy: true,
  canConvert: false,
  now: 1,
  onOpen: open,
  onEdit: open,
  onDelete: open,
  onStudy: open,
  onConvert: open,
  ...overrides,
});

describe('sameCardProps', () => {
  it('a row read again (a new object, the same values) renders the same card', () => {
    expect(sameCardProps(props(row), props({ ...row, tags: [...row.tags] }))).toBe(true);
  });

  it('any shown field, a tag, or another prop changed renders it again', () => {
    for (const change of [
      { title: 'Shopping' },
      { content: 'Milk.' },
      { updatedAt: '2026-11-03T10:00:00.000Z' },
      { syncState: 'pending' as const },
      { syncError: 'refused' },
      { version: 3 },
      { tags: ['home'] },
      { tags: ['list', 'home'] },
    ]) {
      expect(sameCardProps(props(row), props({ ...row, ...change })), JSON.stringify(change)).toBe(false);
    }
    expect(sameCardProps(props(row), props(row, { now: 2 }))).toBe(false);
    expect(sameCardProps(props(row), props(row, { converting: true }))).toBe(false);
    expect(sameCardProps(props(row), props(row, { onEdit: () => {} }))).toBe(false);
    expect(sameCardProps(props(row), props(row, { highlight: ['milk'] }))).toBe(false);
  });
});
