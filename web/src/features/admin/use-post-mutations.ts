// The blog administration writes: create, edit, publish/unpublish (only the flag is sent), delete. Each
// success refreshes the admin list and the public blog's cached lists (a publish changes what /blog shows);
// each failure shows SPEC section 8's toast.
import type { BlogPost, BlogPostCreate, BlogPostUpdate } from '@private-notes/shared';
import { api } from '../../api/api.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { ADMIN_BLOG_KEY, BLOG_KEY } from '../../api/queries.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { toast } from '../../ui/toast-store.ts';

export const POST_ERROR_TITLE = 'Error';
export const DELETE_FAILED = 'Failed to delete post. Please try again.';
export const STATUS_FAILED = 'Failed to update post status. Please try again.';
export const UPDATE_FAILED = 'Failed to update post. Please try again.';
export const CREATE_FAILED = 'Failed to create post. Please try again.';

function failure(description: string) {
  toast({ title: POST_ERROR_TITLE, description, variant: 'destructive' });
}

export function usePostMutations() {
  const queryClient = useQueryClient();
  const refresh = async (updated?: BlogPost) => {
    if (updated) {
      queryClient.setQueryData<BlogPost[]>(ADMIN_BLOG_KEY, (list) =>
        list?.map((post) => (post.id === updated.id ? updated : post)),
      );
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_BLOG_KEY }),
      queryClient.invalidateQueries({ queryKey: BLOG_KEY }),
    ]);
  };

  const create = useMutation({
    mutationFn: (body: BlogPostCreate) => api.createPost(body),
    onSuccess: async (post) => {
      toast({ title: 'Post created', description: `"${post.title}" was saved as a draft.` });
      await refresh();
    },
    onError: () => failure(CREATE_FAILED),
  });

  const update = useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: BlogPostUpdate }) => api.updatePost(id, changes),
    onSuccess: async (post) => {
      toast({ title: 'Post updated', description: 'Your changes have been saved.' });
      await refresh(post);
    },
    onError: () => failure(UPDATE_FAILED),
  });

  const setPublished = useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) => api.updatePost(id, { published }),
    onSuccess: async (post) => {
      toast({ title: post.published ? 'Post published' : 'Post unpublished' });
      await refresh(post);
    },
    onError: () => failure(STATUS_FAILED),
  });

  const remove = useMutation({
    mutationFn: (id: number) => api.deletePost(id),
    onSuccess: async (_answer, id) => {
      queryClient.setQueryData<BlogPost[]>(ADMIN_BLOG_KEY, (list) => list?.filter((post) => post.id !== id));
      toast({ title: 'Post deleted', description: 'The blog post has been permanently deleted.' });
      await refresh();
    },
    onError: () => failure(DELETE_FAILED),
  });

  return { create, update, setPublished, remove };
}
