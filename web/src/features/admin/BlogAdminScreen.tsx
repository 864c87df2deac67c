// Blog administration (/blog/admin): back arrow, All Posts / Published / Drafts tabs, 'Create New Post',
// 'Manage Subscribers', the post cards with their actions, the create/edit dialog and the delete
// confirmation. `editPostId` (?edit={id}, set after generating a draft from a note) opens that post's
// dialog once the list has loaded; closing it calls onEditHandled so the route can drop the parameter.
import { Box, Button, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import type { BlogPost } from '@private-notes/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { adminPostsQuery } from '../../api/queries.ts';
import { useQuery } from '../../api/use-query.ts';
import { OwnerPage } from '../../ui/private/OwnerPage.tsx';
import { ServerDataError } from '../../ui/private/ServerDataError.tsx';
import { PlusIcon } from '../notes/note-icons.tsx';
import { AdminHeader, AdminScreenLink } from './AdminHeader.tsx';
import { DeletePostDialog } from './DeletePostDialog.tsx';
import { NewsletterDialog } from './newsletter/NewsletterDialog.tsx';
import { PostCard } from './PostCard.tsx';
import { PostEditorDialog } from './PostEditorDialog.tsx';
import { changedPostFields, createPostPayload, type PostFormValues } from './post-form.ts';
import { isPostTab, POST_TABS, type PostTab, postsForTab } from './post-tabs.ts';
import { usePostMutations } from './use-post-mutations.ts';
import { WaitingCommentsLink } from './WaitingCommentsLink.tsx';

type EditorState = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; postId: number };

interface Props {
  editPostId?: number | undefined;
  onEditHandled?: () => void;
}

export function BlogAdminScreen({ editPostId, onEditHandled }: Props) {
  const query = useQuery(adminPostsQuery());
  const posts = query.data;
  const [tab, setTab] = useState<PostTab>('all');
  const [editor, setEditor] = useState<EditorState>({ kind: 'closed' });
  const [deleteTarget, setDeleteTarget] = useState<BlogPost | null>(null);
  // The post stays set while the dialog closes (its exit animation); `open` says whether it is shown.
  // publishFirst is fixed when it opens: the post becomes published mid-way, and the dialog keeps its name.
  const [newsletter, setNewsletter] = useState<{
    postId: number;
    open: boolean;
    publishFirst: boolean;
  } | null>(null);
  const newsletterOpener = useRef<HTMLElement | null>(null);
  const { create, update, setPublished, remove } = usePostMutations();
  // Relative ages ('Created 5 minutes ago') are read against one clock per render of the list.
  const now = useMemo(() => (posts ? Date.now() : 0), [posts]);

  // ?edit={id}: open that post once it is in the list (once per id, so closing does not reopen it).
  const openedFor = useRef<number | null>(null);
  useEffect(() => {
    if (editPostId === undefined || !posts || openedFor.current === editPostId) return;
    openedFor.current = editPostId;
    if (posts.some((post) => post.id === editPostId)) setEditor({ kind: 'edit', postId: editPostId });
    else onEditHandled?.();
  }, [editPostId, posts, onEditHandled]);

  const editing = editor.kind === 'edit' ? (posts?.find((post) => post.id === editor.postId) ?? null) : null;
  const closeEditor = () => {
    setEditor({ kind: 'closed' });
    if (editPostId !== undefined) onEditHandled?.();
  };

  const save = async (values: PostFormValues) => {
    if (editor.kind === 'create') {
      await create.mutateAsync(createPostPayload(values));
    } else if (editing) {
      const changes = changedPostFields(editing, values);
      if (changes) await update.mutateAsync({ id: editing.id, changes });
    }
    closeEditor();
  };

  const { mutate: publish, isPending: publishPending, variables: publishVars } = setPublished;
  const onTogglePublished = useCallback(
    (post: BlogPost) => publish({ id: post.id, published: !post.published }),
    [publish],
  );
  const onEdit = useCallback((post: BlogPost) => setEditor({ kind: 'edit', postId: post.id }), []);
  const onNewsletter = useCallback((post: BlogPost, opener: HTMLElement) => {
    newsletterOpener.current = opener;
    setNewsletter({ postId: post.id, open: true, publishFirst: !post.published && !post.newsletter });
  }, []);
  // Read from the list, so a publish or a finished send shows in the dialog's title and mode at once.
  const newsletterPost = newsletter ? (posts?.find((post) => post.id === newsletter.postId) ?? null) : null;
  const newsletterFocus = useCallback(() => {
    const opener = newsletterOpener.current;
    // A published draft may have left the Drafts tab: then focus goes to the tab list instead.
    return opener?.isConnected
      ? opener
      : document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  }, []);
  const onDelete = useCallback((post: BlogPost) => setDeleteTarget(post), []);

  const confirmDelete = () => {
    const target = deleteTarget;
    setDeleteTarget(null);
    if (target) remove.mutate(target.id);
  };

  return (
    <OwnerPage data-testid="blog-admin">
      <AdminHeader title="Blog Administration" subtitle="Write, publish and manage your blog posts">
        <WaitingCommentsLink />
        <AdminScreenLink to="/admin/outbox" />
        <AdminScreenLink to="/admin/subscribers" />
        <Button size="sm" onClick={() => setEditor({ kind: 'create' })}>
          <PlusIcon />
          Create New Post
        </Button>
      </AdminHeader>

      <Tabs.Root value={tab} onValueChange={(details) => isPostTab(details.value) && setTab(details.value)}>
        <Tabs.List mb="4">
          {POST_TABS.map((item) => (
            <Tabs.Trigger key={item.value} value={item.value}>
              {item.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {POST_TABS.map((item) => (
          <Tabs.Content key={item.value} value={item.value} pt="0">
            {item.value !== tab ? null : !posts ? (
              query.isError ? (
                <ServerDataError
                  error={query.error}
                  what="Your blog's posts"
                  queryKey={adminPostsQuery().queryKey}
                />
              ) : (
                <Stack gap="4" data-testid="admin-posts-loading">
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} height="150px" borderRadius="lg" />
                  ))}
                </Stack>
              )
            ) : (
              <PostList
                posts={postsForTab(posts, item.value)}
                now={now}
                publishingId={publishPending ? (publishVars?.id ?? null) : null}
                onTogglePublished={onTogglePublished}
                onNewsletter={onNewsletter}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      {editor.kind !== 'closed' && (editor.kind === 'create' || editing) ? (
        <PostEditorDialog
          key={editor.kind === 'create' ? 'new' : editor.postId}
          open
          post={editing}
          saving={create.isPending || update.isPending}
          onClose={closeEditor}
          onSave={save}
        />
      ) : null}
      <NewsletterDialog
        post={newsletterPost}
        publishFirst={newsletter?.publishFirst ?? false}
        open={newsletter?.open ?? false}
        onClose={() => setNewsletter((current) => (current ? { ...current, open: false } : null))}
        finalFocusEl={newsletterFocus}
      />
      <DeletePostDialog
        open={deleteTarget !== null}
        onCancel={() => setDeleteTarget(null)}
        onConfirm={confirmDelete}
      />
    </OwnerPage>
  );
}

interface PostListProps {
  posts: BlogPost[];
  now: number;
  publishingId: number | null;
  onTogglePublished(post: BlogPost): void;
  onNewsletter(post: BlogPost, opener: HTMLElement): void;
  onEdit(post: BlogPost): void;
  onDelete(post: BlogPost): void;
}

function PostList({ posts, now, publishingId, ...actions }: PostListProps) {
  if (posts.length === 0) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" borderRadius="lg" p="10" textAlign="center">
        <Text color="fg.muted">No blog posts found in this category.</Text>
      </Box>
    );
  }
  return (
    <Stack gap="4">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} now={now} publishing={publishingId === post.id} {...actions} />
      ))}
    </Stack>
  );
}
