// The not-found screen (SPEC section 2). The server answers it with status 404.
import { Link } from '@tanstack/react-router';
import styles from './NotFound.module.css';

export function NotFound() {
  return (
    <div className={styles.wrap}>
      <div className={styles.card}>
        <h1 className={styles.title}>404 Page Not Found</h1>
        <p className={styles.text}>Did you forget to add the page to the router?</p>
        <Link to="/" className="pn-button pn-button-primary">
          Back to home
        </Link>
      </div>
    </div>
  );
}
