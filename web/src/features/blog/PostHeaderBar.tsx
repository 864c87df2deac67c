// The post page's sticky header: Back to Blog, the logo (to /), bookmark and share. Plain links: it is an
// island on the public pages, which has no router.
import { LogoIcon } from '../../ui/icons.tsx';
import { BookmarkButton } from './BookmarkButton.tsx';
import { ArrowLeftIcon } from './blog-icons.tsx';
import styles from './Post.module.css';
import { SharePopover } from './SharePopover.tsx';

export function PostHeaderBar({ postId, url, title }: { postId: number; url: string; title: string }) {
  return (
    <div className={styles.bar} data-sticky-bar>
      <div className={styles.barInner}>
        <a href="/blog" className={styles.iconButton}>
          <ArrowLeftIcon />
          Back to Blog
        </a>
        <a href="/" className={styles.barLogo} aria-label="Private Notes home">
          <LogoIcon />
        </a>
        <BookmarkButton postId={postId} />
        <SharePopover url={url} title={title} />
      </div>
    </div>
  );
}
