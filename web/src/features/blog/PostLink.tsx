// A link to a post's page with its slug, so following it never needs the slug redirect. A plain link: a
// public page is a full page load (docs/decisions/public-islands.md), and it works inside an island,
// which has no router.
import { postPath } from '@private-notes/shared';
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
    <a href={postPath(post)} className={className}>
      {children}
    </a>
  );
}
