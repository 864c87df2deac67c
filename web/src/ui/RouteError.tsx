// Shown when a route fails to load or render: the message and a way to try again.
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';

export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <div className="pn-container" role="alert">
      <h1 style={{ fontSize: '1.5rem', fontWeight: 600, marginBottom: '0.5rem' }}>Something went wrong</h1>
      <p style={{ color: 'var(--pn-fg-muted)', marginBottom: '1rem' }}>
        {error instanceof Error ? error.message : String(error)}
      </p>
      <button type="button" className="pn-button pn-button-outline" onClick={() => router.invalidate()}>
        Try again
      </button>
    </div>
  );
}
