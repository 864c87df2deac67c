// 'Share' button with a popover: Copy link and three social networks (http(s) links only).
import { useEffect, useId, useRef, useState } from 'react';
import { LinkIcon, ShareIcon } from './blog-icons.tsx';
import { copyPostLink } from './copy-post-link.ts';
import styles from './Post.module.css';
import { shareLinks } from './share-links.ts';

export function SharePopover({ url, title, label }: { url: string; title: string; label?: boolean }) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={styles.popoverWrap} ref={wrap}>
      <button
        ref={button}
        type="button"
        className={styles.iconButton}
        aria-expanded={open}
        // Only while open: the popover exists then (and on a public page, where the share buttons are an
        // island, the id is the island's own rather than the server's).
        aria-controls={open ? id : undefined}
        aria-label={label ? undefined : 'Share'}
        onClick={() => setOpen((o) => !o)}
      >
        <ShareIcon />
        {label && 'Share'}
      </button>
      {open && (
        <div id={id} className={styles.popover}>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              void copyPostLink();
            }}
          >
            <LinkIcon />
            Copy link
          </button>
          {shareLinks(url, title).map((link) => (
            <a key={link.network} href={link.href} target="_blank" rel="noopener noreferrer">
              Share on {link.network}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
