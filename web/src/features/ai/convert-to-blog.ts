// Convert to Blog Post (SPEC sections 2, 4, 8): the server drafts a post from the note and answers its id; the
// new draft opens in Blog Admin's editor, and the toast links to it for 8 seconds as well. A note that already
// has an unpublished draft asks first: open that draft, or make another. The server knows the note by its
// server id, so a note that has not synced yet is synced first; if it still cannot be, the owner is told.
import type { BlogPost } from '@private-notes/shared';
import { AI_ERRORS } from '@private-notes/shared/ai';
import { api } from '../../api/api.ts';
import type { PageCache } from '../../api/page-cache.ts';
import { ADMIN_BLOG_KEY } from '../../api/queries.ts';
import { db } from '../../db/db.ts';
import type { LocalNote } from '../../db/types.ts';
import { syncEngine } from '../../sync/app-sync.ts';
import { toast } from '../../ui/toast-store.ts';
import { aiErrorToast } from './ai-error-toast.ts';
import { draftsOfNote } from './drafts-of-note.ts';

export const BLOG_TOAST_MS = 8000;
export const NOT_SYNCED_TEXT =
  'This note has not been synced to the server yet. Connect to the internet and let it sync, then try again.';

async function serverIdOf(note: LocalNote): Promise<number | null> {
  if (note.serverId !== null && note.syncState === 'synced') return note.serverId;
  // Unsynced edits would be missing from the draft: push them first.
  await syncEngine.syncNow().catch(() => {});
  const fresh = await db.notes.get(note.id);
  return fresh?.serverId ?? null;
}

/** 'open': the existing draft; 'another': a new draft anyway; null: neither (the question was dismissed). */
export type ExistingDraftChoice = 'open' | 'another' | null;

export interface ConvertOptions {
  queryClient?: PageCache | undefined;
  /** Asks what to do when the note already has an unpublished draft (the newest is passed). */
  chooseForExisting?: ((draft: BlogPost) => Promise<ExistingDraftChoice>) | undefined;
  /** Opens a post in Blog Admin's editor. */
  openDraft?: ((postId: number) => void) | undefined;
  /** Asks before a locked note's text becomes a public post (a dialog); without it a locked note is refused. */
  confirmPublic?: ((question: string) => Promise<boolean>) | undefined;
}

export const LOCKED_PUBLISH_QUESTION =
  'This note is locked: the server cannot read it. Converting it makes a separate, plain copy of its text as a ' +
  'blog post draft, which anyone can read once you publish it. Make the plain copy?';

/**
 * A locked note's text is only on the devices: after the owner says yes, its plain text goes up as a new draft
 * (a separate copy; the note stays locked). No AI runs on it on the server.
 */
async function publishLockedCopy(note: LocalNote, options: ConvertOptions): Promise<void> {
  if (!options.confirmPublic || !(await options.confirmPublic(LOCKED_PUBLISH_QUESTION))) return;
  const post = await api.createPost({ title: note.title, content: note.content, tags: note.tags });
  await options.queryClient?.invalidateQueries({ queryKey: ADMIN_BLOG_KEY });
  toast({
    title: 'Blog post draft made from the locked note',
    duration: BLOG_TOAST_MS,
    action: { label: 'View and edit the blog post', href: `/blog/admin?edit=${post.id}` },
  });
  options.openDraft?.(post.id);
}

export async function convertToBlog(note: LocalNote, options: ConvertOptions = {}): Promise<void> {
  const { queryClient, chooseForExisting, openDraft } = options;
  try {
    if (note.locked) return await publishLockedCopy(note, options);
    const serverId = await serverIdOf(note);
    if (serverId === null) {
      toast({ title: AI_ERRORS.generateBlog.title, description: NOT_SYNCED_TEXT, variant: 'destructive' });
      return;
    }
    const existing = chooseForExisting ? draftsOfNote(await api.adminPosts(), serverId)[0] : undefined;
    if (existing && chooseForExisting) {
      const choice = await chooseForExisting(existing);
      if (choice === null) return;
      if (choice === 'open') {
        openDraft?.(existing.id);
        return;
      }
    }
    const { id } = await api.generateBlog(serverId);
    await queryClient?.invalidateQueries({ queryKey: ADMIN_BLOG_KEY });
    toast({
      title: 'Blog post generated successfully',
      duration: BLOG_TOAST_MS,
      action: { label: 'View and edit the blog post', href: `/blog/admin?edit=${id}` },
    });
    openDraft?.(id);
  } catch (error) {
    toast(aiErrorToast('generateBlog', error));
  }
}
