// A post's own FAQ (DECISIONS: shown only when the post has items); answers split into paragraphs at
// line breaks. Native <details> elements: keyboard and screen readers work without script.
import type { FaqItem } from '@private-notes/shared';
import styles from './Post.module.css';

export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="faq-title">
      <h2 id="faq-title" className={styles.sectionTitle}>
        Frequently Asked Questions
      </h2>
      {items.map((item, index) => (
        <details key={index} className={styles.faqItem}>
          <summary>{item.question}</summary>
          <div className={styles.faqAnswer}>
            {item.answer
              .split(/\r?\n+/)
              .map((line) => line.trim())
              .filter(Boolean)
              .map((line, i) => (
                <p key={i}>{line}</p>
              ))}
          </div>
        </details>
      ))}
    </section>
  );
}
