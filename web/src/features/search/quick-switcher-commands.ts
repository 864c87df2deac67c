// What the quick switcher can run besides opening a note: the main places and actions of the owner's app.
export interface SwitcherCommand {
  id: string;
  label: string;
  /** Extra words it is found by. */
  keywords: string;
  to: string;
  search?: Record<string, string>;
}

export const SWITCHER_COMMANDS: readonly SwitcherCommand[] = [
  { id: 'new-note', label: 'New note', keywords: 'create write add', to: '/notes', search: { new: '1' } },
  { id: 'notes', label: 'Go to My Notes', keywords: 'list all notes home', to: '/notes' },
  {
    id: 'study',
    label: 'Study due cards',
    keywords: 'review flashcards spaced repetition session',
    to: '/study',
  },
  {
    id: 'blog-admin',
    label: 'Go to Blog Admin',
    keywords: 'posts publish drafts comments',
    to: '/blog/admin',
  },
  {
    id: 'subscribers',
    label: 'Go to Subscribers',
    keywords: 'newsletter readers mail',
    to: '/admin/subscribers',
  },
  { id: 'outbox', label: 'Go to Outbox', keywords: 'mail e-mail sent', to: '/admin/outbox' },
  {
    id: 'import-export',
    label: 'Go to Import & Export',
    keywords: 'backup zip markdown obsidian',
    to: '/import-export',
  },
  { id: 'ai', label: 'Go to AI Assistant', keywords: 'explain ask history', to: '/ai-explanations' },
  {
    id: 'settings',
    label: 'Go to Settings',
    keywords: 'preferences profile security theme',
    to: '/settings',
  },
  { id: 'blog', label: 'View Blog', keywords: 'public site posts', to: '/blog' },
];
