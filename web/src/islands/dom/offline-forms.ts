// A visitor's forms on a saved page (Subscribe, Submit Comment, Confirm): offline, sending one would leave
// the page for the browser's own error page (an island that cannot load offline falls back to the form's
// native POST). Held here instead, before any island sees it: the form says it needs a connection and keeps
// what was typed; back online, the note goes and the same button sends it. A live island handles its own form.

import { OFFLINE_FORM_NOTE } from './offline-form-note.ts';

const NOTE_ATTRIBUTE = 'data-offline-form-note';

export function startOfflineForms(doc: Document = document, win: Window = window): void {
  doc.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.method !== 'post' || win.navigator.onLine) return;
      // A live island checks its fields and says the same itself (CommentForm, NewsletterBlock).
      if (form.closest('[data-island-live]')) return;
      event.preventDefault();
      // Before the island's own capture listener (it would hold the submission and post it natively).
      event.stopImmediatePropagation();
      showNote(doc, form);
    },
    true,
  );
  win.addEventListener('online', () => {
    for (const note of doc.querySelectorAll(`[${NOTE_ATTRIBUTE}]`)) note.remove();
  });
}

function showNote(doc: Document, form: HTMLFormElement): void {
  const existing = form.querySelector<HTMLElement>(`[${NOTE_ATTRIBUTE}]`);
  if (existing) {
    // Said again (a live region only speaks on a change).
    existing.textContent = '';
    existing.textContent = OFFLINE_FORM_NOTE;
    return;
  }
  const note = doc.createElement('p');
  note.setAttribute(NOTE_ATTRIBUTE, '');
  note.setAttribute('role', 'alert');
  // The frame's offline notice look (its class name travels on the notice, a CSS module's).
  const look = doc.querySelector<HTMLElement>('[data-offline-notice]')?.dataset.offlineNotice;
  if (look) note.className = look;
  note.textContent = OFFLINE_FORM_NOTE;
  form.append(note);
}
