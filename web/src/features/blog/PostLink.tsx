// A link to a post's page with its slug, so following it never needs the slug redirect.
import { postSlug } from '@private-notes/shared';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function PostLink({
  post,
  children,
  className,
}: {
  post: { id: number; title: string; slug?: string | null | undefined };
  children: ReactNode;
  className?: string | undefined;
}) {
  return (
    <Link
      to="/blog/post/$id/{-$slug}"
      params={{ id: post.id, slug: postSlug(post) || undefined }}
      className={className}
    >
      {children}
    </Link>
  );
}
