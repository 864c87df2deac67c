// The post page's missing states: 'Post Not Found' (404, SSR status 404) and 'Post Not Available'.
import { Link } from '@tanstack/react-router';
import styles from './Post.module.css';

export function PostNotFound() {
  return (
    <div className={styles.missing}>
      <h1>Post Not Found</h1>
      <p>The blog post you're looking for doesn't exist or has been removed.</p>
      <Link to="/blog" className="pn-button pn-button-primary">
        Back to Blog
      </Link>
    </div>
  );
}

export function PostNotAvailable() {
  return (
    <div className={styles.missing}>
      <h1>Post Not Available</h1>
      <p>Please try again later.</p>
      <Link to="/blog" className="pn-button pn-button-primary">
        Back to Blog
      </Link>
    </div>
  );
}
