// The category tabs of the blog home (SPEC section 2): All Posts and the owner's categories (Settings ›
// Site; Knowledge Management, Productivity, Technology by default). Arrow keys move between tabs, as in the
// ARIA tabs pattern.
import type { CategoryId, CategoryTab } from '@private-notes/shared';
import type { KeyboardEvent } from 'react';
import styles from './Blog.module.css';

export const tabId = (id: CategoryId) => `category-tab-${id}`;
export const CATEGORY_PANEL_ID = 'category-panel';

export function CategoryTabs({
  tabs,
  selected,
  onSelect,
}: {
  tabs: readonly CategoryTab[];
  selected: CategoryId;
  onSelect: (id: CategoryId) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === selected);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    onSelect(next.id);
    document.getElementById(tabId(next.id))?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label="Categories" onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          id={tabId(tab.id)}
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={tab.id === selected}
          aria-controls={CATEGORY_PANEL_ID}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
