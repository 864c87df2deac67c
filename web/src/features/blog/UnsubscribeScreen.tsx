// Newsletter unsubscribe (/unsubscribe). Engineer G replaces this with the form and its states.
export function UnsubscribeScreen({ email }: { email?: string | undefined }) {
  return (
    <div className="pn-container" data-email={email}>
      <h1 style={{ fontSize: '1.875rem', fontWeight: 700 }}>Unsubscribe</h1>
    </div>
  );
}
