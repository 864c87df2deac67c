// Who the blog's posts are by: one owner, so one author card (name and bio can be set at build time).
const env = import.meta.env;

export const BLOG_AUTHOR = {
  name: (env.VITE_AUTHOR_NAME as string | undefined) || 'Private Notes',
  role: 'Author',
  bio:
    (env.VITE_AUTHOR_BIO as string | undefined) ||
    'Writing about knowledge management, productivity and the tools that help ideas grow, from notes kept privately and offline first.',
} as const;
