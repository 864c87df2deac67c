// The post page's sticky header: Back to Blog, the logo (to /), bookmark and share.
import { Link } from '@tanstack/react-router';
import { LogoIcon } from '../../ui/icons.tsx';
import { BookmarkButton } from './BookmarkButton.tsx';
import { ArrowLeftIcon } from './blog-icons.tsx';
import styles from './Post.module.css';
import { SharePopover } from './SharePopover.tsx';

export function PostHeaderBar({ postId, url, title }: { postId: number; url: string; title: string }) {
  return (
    <div className={styles.bar} data-sticky-bar>
      <div className={styles.barInner}>
        <Link to="/blog" className={styles.iconButton}>
          <ArrowLeftIcon />
          Back to Blog
        </Link>
        <Link to="/" className={styles.barLogo} aria-label="Private Notes home">
          <LogoIcon />
        </Link>
        <BookmarkButton postId={postId} />
        <SharePopover url={url} title={title} />
      </div>
    </div>
  );
}
