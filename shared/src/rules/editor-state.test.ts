import { describe, expect, it } from 'vitest';
import { NOTE_CONTENT_MAX } from '../schemas/note.ts';
import {
  canSaveNote,
  editorFooterText,
  editorHeaderText,
  isEditorDirty,
  restoredDraftText,
} from './editor-state.ts';

const note = { title: 'Title', content: 'Body', tags: ['a', 'b'] };

describe('isEditorDirty', () => {
  it('is clean when the fields equal the note', () => {
    expect(isEditorDirty({ title: 'Title', content: 'Body', tagInput: 'a, b' }, note)).toBe(false);
    expect(isEditorDirty({ title: 'Title', content: 'Body', tagInput: 'a,b,' }, note)).toBe(false);
  });

  it('is dirty when the title, content or tags differ', () => {
    expect(isEditorDirty({ title: 'Title!', content: 'Body', tagInput: 'a, b' }, note)).toBe(true);
    expect(isEditorDirty({ title: 'Title', content: 'Body ', tagInput: 'a, b' }, note)).toBe(true);
    expect(isEditorDirty({ title: 'Title', content: 'Body', tagInput: 'a' }, note)).toBe(true);
    expect(isEditorDirty({ title: 'Title', content: 'Body', tagInput: 'b, a' }, note)).toBe(true);
  });

  it('for a new note, is dirty when any field has text', () => {
    expect(isEditorDirty({ title: '', content: '', tagInput: '' }, null)).toBe(false);
    expect(isEditorDirty({ title: ' ', content: '\n', tagInput: '' }, undefined)).toBe(false);
    expect(isEditorDirty({ title: '', content: '', tagInput: 'x' }, null)).toBe(true);
    expect(isEditorDirty({ title: 'T', content: '', tagInput: '' }, null)).toBe(true);
  });
});

describe('editor texts', () => {
  it('header', () => {
    expect(editorHeaderText(true, true)).toBe('Unsaved changes');
    expect(editorHeaderText(false, true)).toBe('New document');
    expect(editorHeaderText(false, false)).toBe('No changes');
  });

  it('footer', () => {
    expect(editorFooterText(true)).toBe('Unsaved changes');
    expect(editorFooterText(false)).toBe('All changes saved');
  });
});

describe('canSaveNote', () => {
  it('needs title and content after trimming, and not loading', () => {
    expect(canSaveNote({ title: 'T', content: 'C' }, false)).toBe(true);
    expect(canSaveNote({ title: 'T', content: 'C' }, true)).toBe(false);
    expect(canSaveNote({ title: '  ', content: 'C' }, false)).toBe(false);
    expect(canSaveNote({ title: 'T', content: '\n' }, false)).toBe(false);
  });

  it('refuses content longer than a note may hold', () => {
    expect(canSaveNote({ title: 'T', content: 'é'.repeat(NOTE_CONTENT_MAX) }, false)).toBe(true);
    expect(canSaveNote({ title: 'T', content: 'é'.repeat(NOTE_CONTENT_MAX + 1) }, false)).toBe(false);
  });
});

describe('restoredDraftText', () => {
  it('names the local time, and the day when it is not today', () => {
    const now = new Date(2026, 10, 25, 16, 30);
    expect(restoredDraftText(new Date(2026, 10, 25, 14, 2), now)).toBe(
      'Restored your unsaved changes from 14:02',
    );
    expect(restoredDraftText(new Date(2026, 10, 3, 9, 5), now)).toBe(
      'Restored your unsaved changes from 3 Nov 09:05',
    );
    expect(restoredDraftText(new Date(2025, 11, 31, 23, 59), now)).toBe(
      'Restored your unsaved changes from 31 Dec 2025 23:59',
    );
  });
});
