// Subscriber administration (/admin/subscribers). Engineer H replaces this with the table (Chakra is available).
export function SubscribersAdminScreen() {
  return (
    <div className="pn-container">
      <h1 style={{ fontSize: '1.875rem', fontWeight: 700 }}>Newsletter Subscribers</h1>
      <p style={{ color: 'var(--pn-fg-muted)' }}>Manage subscribers and engagement metrics</p>
    </div>
  );
}
