// A link to a post's page with its slug, so following it never needs the slug redirect.
import { slugify } from '@private-notes/shared';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function PostLink({
  post,
  children,
  className,
}: {
  post: { id: number; title: string };
  children: ReactNode;
  className?: string | undefined;
}) {
  return (
    <Link
      to="/blog/post/$id/{-$slug}"
      params={{ id: post.id, slug: slugify(post.title) || undefined }}
      className={className}
    >
      {children}
    </Link>
  );
}
