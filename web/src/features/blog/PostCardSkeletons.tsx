// Placeholder cards while posts load: 4 when searching, 6 in the All tab (SPEC section 9).
import styles from './Blog.module.css';

export function PostCardSkeletons({ count }: { count: number }) {
  return (
    <div className={styles.grid} aria-busy="true">
      <span className="pn-visually-hidden" role="status">
        Loading posts...
      </span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.skeleton} data-testid="post-skeleton">
          <div className={styles.bone} style={{ width: '70%', height: '1.25rem' }} />
          <div className={styles.bone} />
          <div className={styles.bone} style={{ width: '85%' }} />
          <div className={styles.bone} style={{ width: '40%' }} />
        </div>
      ))}
    </div>
  );
}
